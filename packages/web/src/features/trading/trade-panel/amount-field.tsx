import type { AmountUnit } from '@papertrade/domain';
import { Button, InputAdornment, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { Ref } from 'react';
import { amountMaxLength, nextAmountText } from './amount-text.ts';

interface AmountFieldProps {
  symbol: string;
  unit: AmountUnit;
  onUnitChange: (unit: AmountUnit) => void;
  amount: string;
  onAmountChange: (amount: string) => void;
  onMax: () => void;
  error: string | null;
  disabled?: boolean;
  /** Limit orders take dollars for a buy and shares for a sell: no unit toggle. */
  unitLocked?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Focus the amount when it first shows (a trade dialog: the amount is what to fill in). */
  autoFocus?: boolean;
  onFocus?: () => void;
}

/** The amount input (docs/pages.md, Trade panel) with its unit toggle (USD / symbol) and the Max button. */
export function AmountField({
  symbol,
  unit,
  onUnitChange,
  amount,
  onAmountChange,
  onMax,
  error,
  disabled,
  unitLocked,
  inputRef,
  autoFocus,
  onFocus,
}: AmountFieldProps) {
  return (
    <>
      {!unitLocked && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={unit}
          onChange={(_, next: AmountUnit | null) => next && onUnitChange(next)}
          aria-label="Unit"
          fullWidth
        >
          <ToggleButton value="USD">USD</ToggleButton>
          <ToggleButton value="SYMBOL">{symbol}</ToggleButton>
        </ToggleButtonGroup>
      )}
      <TextField
        label="Amount"
        placeholder="0"
        value={amount}
        onChange={(e) =>
          onAmountChange(nextAmountText(e.target.value, amount, amountMaxLength(unit)))
        }
        error={error !== null}
        helperText={error}
        disabled={disabled}
        fullWidth
        inputRef={inputRef}
        autoFocus={autoFocus}
        onFocus={onFocus}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: {
            maxLength: amountMaxLength(unit),
            inputMode: 'decimal',
            autoComplete: 'off',
          },
          formHelperText: { role: 'alert' },
          input: {
            startAdornment:
              unit === 'USD' ? <InputAdornment position="start">$</InputAdornment> : undefined,
            endAdornment: (
              <InputAdornment position="end">
                {unit === 'SYMBOL' && <span style={{ marginRight: 8 }}>{symbol}</span>}
                <Button size="small" onClick={onMax} disabled={disabled}>
                  Max
                </Button>
              </InputAdornment>
            ),
          },
        }}
      />
    </>
  );
}
