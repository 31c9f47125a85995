import { InputAdornment, TextField } from '@mui/material';
import { nextAmountText } from './amount-text.ts';
import type { StopField, StopProblem } from './stop-order.ts';

/** A price-like text input with its error (role=alert) or help under it. */
export function PriceField({
  label,
  field,
  problem,
  value,
  onChange,
  help,
  unit = 'USD',
}: {
  label: string;
  field: StopField;
  problem: StopProblem | null;
  value: string;
  onChange: (text: string) => void;
  help: string;
  unit?: 'USD' | 'PERCENT';
}) {
  const wrong = problem?.field === field;
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(nextAmountText(e.target.value, value))}
      error={wrong}
      helperText={wrong ? problem.message : help}
      fullWidth
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { maxLength: 10, inputMode: 'decimal', autoComplete: 'off' },
        formHelperText: wrong ? { role: 'alert' } : undefined,
        input:
          unit === 'USD'
            ? { startAdornment: <InputAdornment position="start">$</InputAdornment> }
            : { endAdornment: <InputAdornment position="end">%</InputAdornment> },
      }}
    />
  );
}
