import { z } from 'zod';
import { Symbol, Timestamp, positiveAmount } from './primitives.ts';

/** docs/api.md "Price alerts": exactly one of `above` and `below` is set. */
export const Alert = z.object({
  id: z.string(),
  symbol: Symbol,
  above: z.number().optional(),
  below: z.number().optional(),
  createdAt: Timestamp,
  /** When the tick that reached the alert ran; absent while it waits. */
  triggeredAt: Timestamp.optional(),
});
export type Alert = z.infer<typeof Alert>;
export const AlertsAnswer = z.array(Alert);

/** Prices carry at most 8 decimals, like a limit price (cheap coins need them). */
export const CreateAlertBody = z
  .object({
    symbol: Symbol,
    above: positiveAmount(8, 'Alert price').optional(),
    below: positiveAmount(8, 'Alert price').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.above === undefined && body.below === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['above'],
        message: 'Set a price in above or in below',
      });
    if (body.above !== undefined && body.below !== undefined)
      ctx.addIssue({ code: 'custom', path: ['below'], message: 'Set above or below, not both' });
  });
export type CreateAlertBody = z.infer<typeof CreateAlertBody>;

export const AlertIdParams = z.object({ id: z.string().min(1).max(64) });
