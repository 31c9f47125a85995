/**
 * How each kind of line looks, shared by the chart and its legend so the swatch matches the
 * line: entries solid in the primary colour, take-profits dashed green, stops dotted red, the
 * average cost a thin grey line. A waiting bracket buy's legs (pending) are drawn as their kind
 * but thin and faded, since they are not orders yet. Colour is never the only cue: the labels
 * name each line.
 */
import { alpha, type Palette } from '@mui/material';
import type { LineRole } from './order-lines.ts';

export type Dash = 'solid' | 'dashed' | 'dotted';

export interface LineLook {
  color: string;
  dash: Dash;
  width: 1 | 2;
}

/** How much of its colour a pending leg's line keeps. */
const PENDING_OPACITY = 0.5;

export function lineLook(role: LineRole, palette: Palette, pending = false): LineLook {
  if (pending) {
    const look = lineLook(role, palette);
    return { color: alpha(look.color, PENDING_OPACITY), dash: look.dash, width: 1 };
  }
  switch (role) {
    case 'entry':
      return { color: palette.primary.main, dash: 'solid', width: 2 };
    case 'take-profit':
      return { color: palette.success.main, dash: 'dashed', width: 2 };
    case 'stop':
      return { color: palette.error.main, dash: 'dotted', width: 2 };
    default:
      return { color: palette.text.secondary, dash: 'solid', width: 1 };
  }
}

/** Fill markers: buys below the candle in the primary colour, sells above it in orange. */
export function markerColor(side: 'PURCHASE' | 'SELL', palette: Palette): string {
  return side === 'PURCHASE' ? palette.primary.main : palette.warning.main;
}
