/**
 * How each kind of line looks, shared by the chart and its legend so the swatch matches the
 * line: entries solid in the primary colour, take-profits dashed green, stops dotted red, the
 * average cost a thin grey line. Colour is never the only cue: the labels name each line.
 */
import type { Palette } from '@mui/material';
import type { LineRole } from './order-lines.ts';

export type Dash = 'solid' | 'dashed' | 'dotted';

export interface LineLook {
  color: string;
  dash: Dash;
  width: 1 | 2;
}

export function lineLook(role: LineRole, palette: Palette): LineLook {
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
