import type { TickOutcome } from './metrics.ts';

function isOutcome(value: unknown): value is TickOutcome {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.filled === 'number' && typeof v.cancelled === 'number';
}

/** The market knows its listeners only as work to await; the limit trigger's answer is the one counted. */
export function tickOutcome(results: readonly unknown[]): TickOutcome {
  const total: TickOutcome = { filled: 0, cancelled: 0 };
  for (const result of results) {
    if (!isOutcome(result)) continue;
    total.filled += result.filled;
    total.cancelled += result.cancelled;
  }
  return total;
}
