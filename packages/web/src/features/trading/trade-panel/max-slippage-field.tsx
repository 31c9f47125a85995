import { MAX_SLIPPAGE_BPS_LIMIT, MaxSlippageBps } from '@papertrade/domain';
import { InputAdornment, TextField } from '@mui/material';
import { ApiError } from '../../../lib/api-error.ts';

interface MaxSlippageFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}

/**
 * A market order's optional cap on its average price's distance from the mid, sent as
 * maxSlippageBps (docs/decisions/029-simulated-order-book.md): what cannot fill within it is not
 * filled. Its errors (a bad number, or nothing filled: 409 NO_LIQUIDITY) show under it.
 */
export function MaxSlippageField({ value, onChange, error }: MaxSlippageFieldProps) {
  return (
    <TextField
      label="Max slippage (bps)"
      placeholder="No cap"
      value={value}
      // Whole basis points only: anything but digits is dropped as typed.
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 4))}
      error={error !== null}
      helperText={
        error ?? 'Optional. 100 bps = 1 %: what cannot fill within it from the mid is not filled.'
      }
      fullWidth
      size="small"
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 4 },
        formHelperText: error ? { role: 'alert' } : undefined,
        input: { endAdornment: <InputAdornment position="end">bps</InputAdornment> },
      }}
    />
  );
}

/** The cap to send (undefined when empty), or the problem to show under the field. */
export function parseMaxSlippage(
  text: string,
): { maxSlippageBps: number | undefined; problem: null } | { problem: string } {
  if (text.trim() === '') return { maxSlippageBps: undefined, problem: null };
  const checked = MaxSlippageBps.safeParse(Number(text));
  if (!checked.success)
    return { problem: `Enter a whole number of bps from 0 to ${MAX_SLIPPAGE_BPS_LIMIT}` };
  return { maxSlippageBps: checked.data, problem: null };
}

/**
 * 409 NO_LIQUIDITY: the cap let nothing fill. Said in words that tell what to change; null for
 * any other error, which shows under the amount as before.
 */
export function noLiquidityText(error: unknown, maxSlippageBps: number | undefined): string | null {
  if (!(error instanceof ApiError) || error.code !== 'NO_LIQUIDITY') return null;
  const cap = maxSlippageBps === undefined ? 'the cap' : `${maxSlippageBps} bps of the mid`;
  return `Nothing could fill within ${cap}: the order book is too thin right now. Raise the cap, trade less or use a limit order.`;
}
