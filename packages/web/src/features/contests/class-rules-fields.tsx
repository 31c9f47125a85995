import type { ContestRankBy } from '@papertrade/domain';
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';

/** The class rules as the owner types them: '' is no limit (docs/api.md, "Class rules and reports"). */
export interface ClassRulesForm {
  maxPositionPercent: string;
  maxTradesPerDay: string;
  requireNotes: boolean;
  rankBy: ContestRankBy;
}

export const NO_CLASS_RULES: ClassRulesForm = {
  maxPositionPercent: '',
  maxTradesPerDay: '',
  requireNotes: false,
  rankBy: 'RETURN',
};

type RuleField = keyof ClassRulesForm;

interface ClassRulesFieldsProps {
  value: ClassRulesForm;
  onChange: <K extends RuleField>(field: K, value: ClassRulesForm[K]) => void;
  errors: Partial<Record<RuleField, string>>;
}

/** A whole number typed as text, or null for a blank (no limit); NaN for anything else. */
export function limitOf(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
}

/** The class rules' inputs, shared by the create form and the owner's edit. */
export function ClassRulesFields({ value, onChange, errors }: ClassRulesFieldsProps) {
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">Class rules</FormLabel>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Largest position (% of portfolio)"
          value={value.maxPositionPercent}
          onChange={(e) => onChange('maxPositionPercent', e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          fullWidth
          error={Boolean(errors.maxPositionPercent)}
          helperText={errors.maxPositionPercent ?? '10 to 100; blank for no limit'}
        />
        <TextField
          label="Orders per day"
          value={value.maxTradesPerDay}
          onChange={(e) => onChange('maxTradesPerDay', e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          fullWidth
          error={Boolean(errors.maxTradesPerDay)}
          helperText={errors.maxTradesPerDay ?? 'Blank for no limit'}
        />
      </Stack>
      <FormControlLabel
        control={
          <Checkbox
            checked={value.requireNotes}
            onChange={(e) => onChange('requireNotes', e.target.checked)}
          />
        }
        label="Ask for a note with every order"
      />
      <FormControl>
        <FormLabel id="rank-by-label">Rank the board by</FormLabel>
        <RadioGroup
          row
          aria-labelledby="rank-by-label"
          value={value.rankBy}
          onChange={(e) => onChange('rankBy', e.target.value as ContestRankBy)}
        >
          <FormControlLabel value="RETURN" control={<Radio />} label="Return" />
          <FormControlLabel value="SHARPE" control={<Radio />} label="Sharpe ratio" />
        </RadioGroup>
      </FormControl>
    </Stack>
  );
}
