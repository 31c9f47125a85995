import {
  MarketOrderBody,
  ModifyLimitBody,
  OpenLimitBody,
  type OpenLimitInput,
} from '@papertrade/domain';
import type { z } from 'zod';
import { alpacaUnprocessable } from './alpaca-errors.ts';

/**
 * Our order inputs made from Alpaca's, checked by the same domain schemas the web's calls are
 * checked with (trail range, which prices each kind takes, amount bounds), so an order placed
 * here is one the web could place; a refusal is Alpaca's 422 with the domain's message.
 */
function check<S extends z.ZodType>(schema: S, input: z.input<S>): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw alpacaUnprocessable(issue?.message ?? 'invalid order');
}

export const marketInput = (input: z.input<typeof MarketOrderBody>) =>
  check(MarketOrderBody, input);
export const workingInput = (input: OpenLimitInput): OpenLimitInput => check(OpenLimitBody, input);
export const modifyInput = (input: z.input<typeof ModifyLimitBody>) =>
  check(ModifyLimitBody, input);
