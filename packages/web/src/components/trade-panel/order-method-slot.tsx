import type { OrderMethod } from '@papertrade/domain';
import { Typography } from '@mui/material';
import type { z } from 'zod';

export type OrderMethodValue = z.infer<typeof OrderMethod>;

/**
 * The slot for the Market/Limit choice. Only market orders exist yet (SPEC §4: MARKET by
 * default); the limit-order issue turns this label into the switch and adds its fields.
 */
export function OrderMethodSlot({ method }: { method: OrderMethodValue }) {
  return (
    <Typography variant="body2" color="text.secondary" data-slot="order-method">
      Order type: {method === 'MARKET' ? 'Market order' : 'Limit order'}
    </Typography>
  );
}
