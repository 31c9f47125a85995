import type { PortfolioInsight } from '@papertrade/domain';

/**
 * The allocation as /portfolio draws it, from the server's figures: no money maths here (the
 * server's are exact), only shares of the whole, labels and the donut's geometry.
 */

/** Distinct in both themes and for the common colour blindnesses (Okabe–Ito), cash first in grey. */
export const SLICE_COLOURS = [
  '#999999',
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
];
/** Past this many holdings the smallest are one "Other" slice, so every slice stays big enough to see. */
const MAX_SLICES = 7;

export interface Slice {
  key: string;
  label: string;
  value: number;
  /** 0..1 of the total. */
  share: number;
  colour: string;
}

/** Cash, then holdings largest first (the server's order), the tail past MAX_SLICES as "Other". */
export function allocationSlices(allocation: PortfolioInsight['allocation']): Slice[] {
  const total = allocation.reduce((sum, s) => sum + s.value, 0);
  const named = allocation
    .filter((s) => s.value > 0)
    .map((s) => ({ key: s.symbol ?? 'cash', label: s.symbol ?? 'Cash', value: s.value }));
  const kept = named.length > MAX_SLICES ? named.slice(0, MAX_SLICES - 1) : named;
  const rest = named.slice(kept.length);
  if (rest.length)
    kept.push({ key: 'other', label: 'Other', value: rest.reduce((sum, s) => sum + s.value, 0) });
  // Cash keeps its grey; holdings take the other colours in order.
  let next = 1;
  return kept.map((s) => ({
    ...s,
    share: total > 0 ? s.value / total : 0,
    colour: s.key === 'cash' ? SLICE_COLOURS[0]! : SLICE_COLOURS[next++ % SLICE_COLOURS.length]!,
  }));
}

/** A share of the whole as people read it: "42.5%", and "<0.1%" rather than a misleading "0.0%". */
export function shareText(share: number): string {
  if (share > 0 && share < 0.001) return '<0.1%';
  return `${(share * 100).toFixed(1)}%`;
}

/** The SVG path of one donut slice between two fractions of the circle (0 at 12 o'clock, clockwise). */
export function arcPath(from: number, to: number, outer: number, inner: number): string {
  // A full circle cannot be one arc (its ends meet): draw it as two halves.
  if (to - from >= 0.9999)
    return `${arcPath(0, 0.5, outer, inner)} ${arcPath(0.5, 1, outer, inner)}`;
  const point = (fraction: number, r: number) => {
    const angle = fraction * 2 * Math.PI - Math.PI / 2;
    return `${(r * Math.cos(angle)).toFixed(3)} ${(r * Math.sin(angle)).toFixed(3)}`;
  };
  const large = to - from > 0.5 ? 1 : 0;
  return [
    `M ${point(from, outer)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${point(to, outer)}`,
    `L ${point(to, inner)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${point(from, inner)}`,
    'Z',
  ].join(' ');
}
