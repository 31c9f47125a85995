import { CONTEST_ORDER_TYPES, type ContestOrderType } from '@papertrade/domain';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  InputAdornment,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useIsMobile } from '../../lib/breakpoints.ts';
import { orderTypeName } from '../../lib/contest-trading.ts';
import { useUser } from '../auth/api/get-session.ts';
import { useAllAssets } from '../market/api/get-all-assets.ts';
import { useCreateContest } from './api/create-contest.ts';
import {
  contestBody,
  defaultContestForm,
  type ContestField,
  type ContestForm,
  type ContestFormErrors,
} from './contest-form.ts';
import { rulesOfBody } from './contest-rules.ts';
import { LessonPicker } from './lesson-picker.tsx';
import { RulesList } from './rules-list.tsx';

/**
 * Create a contest (issue 12): a short form whose defaults are a good contest as they stand
 * (only the name is needed), then a preview of the rules, then Create. Errors under the fields.
 */
export default function CreateContestDialog({ onClose }: { onClose: () => void }) {
  const user = useUser();
  const isTeacher = user.accountType === 'TEACHER';
  const [form, setForm] = useState<ContestForm>(() => defaultContestForm(Date.now()));
  const [errors, setErrors] = useState<ContestFormErrors>({});
  const [previewing, setPreviewing] = useState(false);
  const create = useCreateContest(user.walletAddress);
  const { data: assets } = useAllAssets();
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
  const fieldError = (field: ContestField) => ({
    error: Boolean(errors[field]),
    helperText: errors[field],
  });

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
            <Stack spacing={2.5}>
              <TextField
                label="Name"
                value={form.name}
                onChange={(e) => set('name', e.target.value)}
                required
                autoFocus
                slotProps={{ htmlInput: { maxLength: 60 } }}
                {...fieldError('name')}
              />
              <TextField
                label="Description (optional)"
                value={form.description}
                onChange={(e) => set('description', e.target.value)}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: 500 } }}
                {...fieldError('description')}
              />
              {isTeacher && (
                <FormControl>
                  <FormLabel id="kind-label">Type</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="kind-label"
                    value={form.kind}
                    onChange={(e) => set('kind', e.target.value as ContestForm['kind'])}
                  >
                    <FormControlLabel
                      value="CONTEST"
                      control={<Radio />}
                      label="Contest (you trade too)"
                    />
                    <FormControlLabel
                      value="CLASS"
                      control={<Radio />}
                      label="Class (you see members' portfolios)"
                    />
                  </RadioGroup>
                </FormControl>
              )}
              <FormControl>
                <FormLabel id="visibility-label">Who can join</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="visibility-label"
                  value={form.visibility}
                  onChange={(e) => set('visibility', e.target.value as ContestForm['visibility'])}
                >
                  <FormControlLabel
                    value="PRIVATE"
                    control={<Radio />}
                    label="Private (code or link)"
                  />
                  <FormControlLabel value="PUBLIC" control={<Radio />} label="Public (listed)" />
                </RadioGroup>
              </FormControl>
              <TextField
                label="Starting balance"
                value={form.startingBalance}
                onChange={(e) => set('startingBalance', e.target.value)}
                slotProps={{
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                  htmlInput: { inputMode: 'decimal', maxLength: 14 },
                }}
                {...fieldError('startingBalance')}
                helperText={
                  errors.startingBalance ?? 'Everyone starts with this much: $1,000 to $10,000,000'
                }
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Starts"
                  type="datetime-local"
                  value={form.startsAt}
                  onChange={(e) => set('startsAt', e.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                  fullWidth
                  {...fieldError('startsAt')}
                />
                <TextField
                  label="Ends"
                  type="datetime-local"
                  value={form.endsAt}
                  onChange={(e) => set('endsAt', e.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                  fullWidth
                  {...fieldError('endsAt')}
                />
              </Stack>
              <Autocomplete
                multiple
                options={(assets ?? []).map((a) => a.symbol)}
                value={form.allowedSymbols}
                onChange={(_, value) => set('allowedSymbols', value)}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Allowed assets"
                    placeholder={form.allowedSymbols.length === 0 ? 'All assets' : undefined}
                    {...fieldError('allowedSymbols')}
                    helperText={errors.allowedSymbols ?? 'Leave empty to allow every asset'}
                  />
                )}
              />
              <FormControl error={Boolean(errors.orderTypes)} component="fieldset">
                <FormLabel component="legend">Order types</FormLabel>
                <FormGroup row>
                  {CONTEST_ORDER_TYPES.map((type) => (
                    <FormControlLabel
                      key={type}
                      control={
                        <Checkbox
                          checked={checked.includes(type)}
                          onChange={() => toggleType(type)}
                        />
                      }
                      label={orderTypeName(type)}
                    />
                  ))}
                </FormGroup>
                {errors.orderTypes && <FormHelperText>{errors.orderTypes}</FormHelperText>}
              </FormControl>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Fee per fill (basis points)"
                  value={form.feeBps}
                  onChange={(e) => set('feeBps', e.target.value)}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
                  fullWidth
                  {...fieldError('feeBps')}
                  helperText={errors.feeBps ?? '0 to 100; 10 is 0.10% of each fill'}
                />
                <TextField
                  label="Minimum fee"
                  value={form.feeMinUsd}
                  onChange={(e) => set('feeMinUsd', e.target.value)}
                  slotProps={{
                    input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                    htmlInput: { inputMode: 'decimal', maxLength: 8 },
                  }}
                  fullWidth
                  {...fieldError('feeMinUsd')}
                />
              </Stack>
              {form.kind === 'CLASS' && (
                <LessonPicker
                  value={form.lessons}
                  onChange={(lessons) => set('lessons', lessons)}
                />
              )}
            </Stack>
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
