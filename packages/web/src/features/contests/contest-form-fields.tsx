import { CONTEST_ORDER_TYPES, type ContestOrderType } from '@papertrade/domain';
import {
  Autocomplete,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { orderTypeName } from '../../lib/contest-trading.ts';
import { useAllAssets } from '../../lib/api/get-all-assets.ts';
import type { ContestField, ContestForm, ContestFormErrors } from './contest-form.ts';
import { ClassRulesFields } from './class-rules-fields.tsx';
import { FillModelField } from './fill-model-field.tsx';
import { LessonPicker } from './lesson-picker.tsx';

/** The create form's fields, each with its error (or hint) under it; the type only for teachers. */
export function ContestFormFields({
  form,
  errors,
  set,
  checkedTypes: checked,
  onToggleType: toggleType,
  isTeacher,
}: {
  form: ContestForm;
  errors: ContestFormErrors;
  set: <K extends ContestField>(field: K, value: ContestForm[K]) => void;
  checkedTypes: readonly string[];
  onToggleType: (type: ContestOrderType) => void;
  isTeacher: boolean;
}) {
  const { data: assets } = useAllAssets();
  const fieldError = (field: ContestField) => ({
    error: Boolean(errors[field]),
    helperText: errors[field],
  });
  return (
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
            <FormControlLabel value="CONTEST" control={<Radio />} label="Contest (you trade too)" />
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
          <FormControlLabel value="PRIVATE" control={<Radio />} label="Private (code or link)" />
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
          disabled={form.priceSource === 'REPLAY'}
          {...fieldError('endsAt')}
          helperText={
            errors.endsAt ??
            (form.priceSource === 'REPLAY' ? 'A replay ends when its period is played' : undefined)
          }
        />
      </Stack>
      <FormControlLabel
        control={
          <Checkbox
            checked={form.priceSource === 'REPLAY'}
            onChange={(e) => set('priceSource', e.target.checked ? 'REPLAY' : 'LIVE')}
          />
        }
        label="Replay history instead of live prices"
      />
      {form.priceSource === 'REPLAY' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="Replay from (UTC)"
            type="datetime-local"
            value={form.replayFrom}
            onChange={(e) => set('replayFrom', e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
            error={Boolean(errors.priceSource)}
          />
          <TextField
            label="Replay to (UTC)"
            type="datetime-local"
            value={form.replayTo}
            onChange={(e) => set('replayTo', e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
            error={Boolean(errors.priceSource)}
          />
          <TextField
            label="Replay speed"
            type="number"
            value={form.replaySpeed}
            onChange={(e) => set('replaySpeed', e.target.value)}
            slotProps={{ htmlInput: { min: 1, max: 3600, inputMode: 'numeric' } }}
            fullWidth
            {...fieldError('priceSource')}
            helperText={errors.priceSource ?? '1 to 3,600; 60 plays a minute of history a second'}
          />
        </Stack>
      )}
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
                <Checkbox checked={checked.includes(type)} onChange={() => toggleType(type)} />
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
      <FillModelField value={form.fillModel} onChange={(next) => set('fillModel', next)} />
      {form.kind === 'CLASS' && (
        <LessonPicker value={form.lessons} onChange={(lessons) => set('lessons', lessons)} />
      )}
      {form.kind === 'CLASS' && (
        <ClassRulesFields
          value={form}
          onChange={(field, value) => set(field, value as ContestForm[typeof field])}
          errors={errors}
        />
      )}
    </Stack>
  );
}
