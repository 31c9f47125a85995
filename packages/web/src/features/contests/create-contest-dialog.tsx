import { CONTEST_ORDER_TYPES, type ContestOrderType } from '@papertrade/domain';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useIsMobile } from '../../lib/breakpoints.ts';
import { useUser } from '../../lib/api/get-session.ts';
import { useCreateContest } from './api/create-contest.ts';
import {
  contestBody,
  defaultContestForm,
  type ContestField,
  type ContestForm,
  type ContestFormErrors,
} from './contest-form.ts';
import { rulesOfBody } from './contest-rules.ts';
import { ContestFormFields } from './contest-form-fields.tsx';
import { RulesList } from './rules-list.tsx';

/**
 * Create a contest: a short form whose defaults are a good contest as they stand
 * (only the name is needed), then a preview of the rules, then Create. Errors under the fields.
 */
export default function CreateContestDialog({ onClose }: { onClose: () => void }) {
  const user = useUser();
  const isTeacher = user.accountType === 'TEACHER';
  const [form, setForm] = useState<ContestForm>(() => defaultContestForm(Date.now()));
  const [errors, setErrors] = useState<ContestFormErrors>({});
  const [previewing, setPreviewing] = useState(false);
  const create = useCreateContest(user.walletAddress);
  const navigate = useNavigate();
  const isMobile = useIsMobile();

  const set = <K extends ContestField>(field: K, value: ContestForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const checked = form.orderTypes.length === 0 ? [...CONTEST_ORDER_TYPES] : form.orderTypes;
  const toggleType = (type: ContestOrderType) => {
    const next = checked.includes(type) ? checked.filter((t) => t !== type) : [...checked, type];
    // All ticked is "every order type", sent as nothing (the server's default).
    set('orderTypes', next.length === CONTEST_ORDER_TYPES.length ? [] : next);
    if (next.length === 0)
      setErrors((e) => ({ ...e, orderTypes: 'Allow at least one order type' }));
  };

  const result = contestBody(form, Date.now());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checked.length === 0) return;
    if (result.errors) {
      setErrors(result.errors);
      setPreviewing(false);
      return;
    }
    if (!previewing) {
      setPreviewing(true);
      return;
    }
    create.mutate(result.body, {
      onSuccess: (contest) => {
        onClose();
        void navigate(`/contests/${encodeURIComponent(contest.id)}`);
      },
      onError: (e) => {
        // A field the server names goes back under that field, with the form open again.
        const field = e instanceof ApiError ? (e.field as ContestField | undefined) : undefined;
        if (field && field in form) {
          setErrors({ [field]: errorMessage(e) });
          setPreviewing(false);
        }
      },
    });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={isMobile}
      aria-labelledby="create-contest-title"
    >
      <DialogTitle id="create-contest-title">
        {previewing ? 'Check the rules' : 'Create a contest'}
      </DialogTitle>
      <Stack
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Create a contest"
        sx={{ minHeight: 0, flex: 1 }}
      >
        <DialogContent dividers>
          {previewing && result.body ? (
            <Stack spacing={2}>
              <Typography fontWeight={700}>{result.body.name}</Typography>
              {result.body.description && <Typography>{result.body.description}</Typography>}
              <Paper variant="outlined" sx={{ p: 2 }}>
                <RulesList rules={rulesOfBody(result.body)} label="Rules preview" />
              </Paper>
              <Typography variant="body2" color="text.secondary">
                After it starts, the starting balance, fees, assets and order types cannot change;
                you can still rename it, change its description or end date, or end it early.
              </Typography>
              {create.error && <Alert severity="error">{errorMessage(create.error)}</Alert>}
            </Stack>
          ) : (
            <ContestFormFields
              form={form}
              errors={errors}
              set={set}
              checkedTypes={checked}
              onToggleType={toggleType}
              isTeacher={isTeacher}
            />
          )}
        </DialogContent>
        <DialogActions>
          {previewing ? (
            <Button onClick={() => setPreviewing(false)}>Back</Button>
          ) : (
            <Button onClick={onClose}>Cancel</Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending || checked.length === 0}
          >
            {previewing ? 'Create' : 'Preview rules'}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
