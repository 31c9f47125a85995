import { percentDirection } from '@papertrade/domain';

/** The theme colour of a figure shown to 2 decimals (a percentage, or dollars): green up, red down, grey when it reads 0.00. */
export function percentColor(n: number): 'success.main' | 'error.main' | 'text.secondary' {
  const direction = percentDirection(n);
  return direction > 0 ? 'success.main' : direction < 0 ? 'error.main' : 'text.secondary';
}
