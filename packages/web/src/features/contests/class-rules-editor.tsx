import { UpdateContestBody, type Contest, type FillModel } from '@papertrade/domain';
import { Alert, Button, Stack } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useUpdateContest } from './api/update-contest.ts';
import { ClassRulesFields, type ClassRulesForm } from './class-rules-fields.tsx';
import { classRulesBody } from './contest-form.ts';
import { FillModelField } from './fill-model-field.tsx';

type RuleErrors = Partial<Record<keyof ClassRulesForm, string>>;

const formOf = (contest: Contest): ClassRulesForm => ({
  maxPositionPercent: contest.maxPositionPercent == null ? '' : String(contest.maxPositionPercent),
  maxTradesPerDay: contest.maxTradesPerDay == null ? '' : String(contest.maxTradesPerDay),
  requireNotes: contest.requireNotes ?? false,
  rankBy: contest.rankBy ?? 'RETURN',
});

/** The owner changes a class's rules while it runs (docs/api.md, "Class rules and reports"). */
export function ClassRulesEditor({ contest, wallet }: { contest: Contest; wallet: string }) {
  const update = useUpdateContest(contest.id, wallet);
  const [form, setForm] = useState(() => formOf(contest));
  const [fillModel, setFillModel] = useState<FillModel>(contest.fillModel ?? 'BOOK');
  const [errors, setErrors] = useState<RuleErrors>({});
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = UpdateContestBody.safeParse({ ...classRulesBody(form), fillModel });
    if (!parsed.success) {
      const found: RuleErrors = {};
      for (const issue of parsed.error.issues)
        found[issue.path[0] as keyof ClassRulesForm] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => setSaved(true),
      onError: (e) => {
        const field = e instanceof ApiError ? e.field : undefined;
        if (field && field in form) setErrors({ [field]: errorMessage(e) });
      },
    });
  };
  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2} aria-label="Class rules">
      <ClassRulesFields
        value={form}
        onChange={(field, value) => {
          setForm((f) => ({ ...f, [field]: value }));
          setErrors((e) => ({ ...e, [field]: undefined }));
        }}
        errors={errors}
      />
      <FillModelField
        value={fillModel}
        onChange={(next) => {
          setFillModel(next);
          setSaved(false);
        }}
      />
      {saved && <Alert severity="success">Rules saved: they apply to the next order.</Alert>}
      {update.error && !(update.error instanceof ApiError && update.error.field) && (
        <Alert severity="error">{errorMessage(update.error)}</Alert>
      )}
      <Button
        type="submit"
        variant="outlined"
        disabled={update.isPending}
        sx={{ alignSelf: 'start' }}
      >
        Save rules
      </Button>
    </Stack>
  );
}
