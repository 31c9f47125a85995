import { UpdateContestBody, type Contest } from '@papertrade/domain';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useUpdateContest } from './api/update-contest.ts';
import { fromLocalInput, toLocalInput } from './contest-form.ts';

type Field = 'name' | 'description' | 'endsAt';

/** What an owner can change at any time: name, description, end date (docs/api.md, PATCH /contests/:id). */
export function editProblems(
  values: { name: string; description: string; endsAt: string },
  contest: Pick<Contest, 'startsAt'>,
  now: number,
): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  const parsed = UpdateContestBody.safeParse({
    name: values.name,
    description: values.description,
  });
  if (!parsed.success)
    for (const issue of parsed.error.issues) problems[issue.path[0] as Field] ??= issue.message;
  const endsAt = fromLocalInput(values.endsAt);
  if (Number.isNaN(endsAt)) problems.endsAt = 'Pick when the contest ends';
  else if (endsAt <= contest.startsAt) problems.endsAt = 'The end must be after the start';
  else if (endsAt < now) problems.endsAt = 'The end cannot be in the past; use End now instead';
  return problems;
}

export function EditContestForm({ contest, wallet }: { contest: Contest; wallet: string }) {
  const update = useUpdateContest(contest.id, wallet);
  const [name, setName] = useState(contest.name);
  const [description, setDescription] = useState(contest.description);
  const [endsAt, setEndsAt] = useState(toLocalInput(contest.endsAt));
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = editProblems({ name, description, endsAt }, contest, Date.now());
    setProblems(found);
    setSaved(false);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { name: name.trim(), description: description.trim(), endsAt: fromLocalInput(endsAt) },
      {
        onSuccess: () => setSaved(true),
        onError: (e) => {
          const field = e instanceof ApiError ? (e.field as Field | undefined) : undefined;
          if (field === 'name' || field === 'description' || field === 'endsAt')
            setProblems({ [field]: errorMessage(e) });
        },
      },
    );
  };
  const serverError = update.error instanceof ApiError && !update.error.field ? update.error : null;
  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2} aria-label="Edit contest">
      <Typography component="h3" variant="subtitle1" fontWeight={700}>
        Details
      </Typography>
      <TextField
        label="Name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(problems.name)}
        helperText={problems.name}
        slotProps={{ htmlInput: { maxLength: 60 } }}
      />
      <TextField
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        multiline
        minRows={2}
        error={Boolean(problems.description)}
        helperText={problems.description}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <TextField
        label="End date"
        type="datetime-local"
        value={endsAt}
        onChange={(e) => setEndsAt(e.target.value)}
        error={Boolean(problems.endsAt)}
        helperText={problems.endsAt}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      {serverError && <Alert severity="error">{errorMessage(serverError)}</Alert>}
      {saved && <Alert severity="success">Saved.</Alert>}
      <Button
        type="submit"
        variant="outlined"
        disabled={update.isPending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save changes
      </Button>
    </Stack>
  );
}
