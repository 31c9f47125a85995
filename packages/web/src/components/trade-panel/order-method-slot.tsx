import type { OrderMethod } from '@papertrade/domain';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import type { z } from 'zod';

export type OrderMethodValue = z.infer<typeof OrderMethod>;

/**
 * The Market/Limit choice (SPEC §4: MARKET by default; the spec does not say how to switch, so
 * it is a plain, labelled two-way toggle right above the price).
 */
export function OrderMethodSlot({
  method,
  onChange,
  allowed = ['MARKET', 'LIMIT'],
}: {
  method: OrderMethodValue;
  onChange: (method: OrderMethodValue) => void;
  /** The methods offered (a contest may allow only some). */
  allowed?: readonly OrderMethodValue[];
}) {
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={method}
      onChange={(_, next: OrderMethodValue | null) => next && onChange(next)}
      aria-label="Order type"
      fullWidth
      data-slot="order-method"
    >
      {allowed.includes('MARKET') && <ToggleButton value="MARKET">Market</ToggleButton>}
      {allowed.includes('LIMIT') && <ToggleButton value="LIMIT">Limit</ToggleButton>}
    </ToggleButtonGroup>
  );
}
