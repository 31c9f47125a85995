/**
 * Draws the asset page's order lines and fill markers on the candle series. Imports
 * lightweight-charts, so only the lazily loaded chart module uses it.
 */
import { useTheme } from '@mui/material';
import {
  createSeriesMarkers,
  LineStyle,
  type IPriceLine,
  type ISeriesApi,
  type SeriesMarker,
  type SeriesType,
  type Time,
} from 'lightweight-charts';
import { useEffect, useRef, type RefObject } from 'react';
import type { FillMarker } from './fill-markers.ts';
import { draggedTitle } from './line-drag.ts';
import { lineLook, markerColor, type Dash } from './line-style.ts';
import type { ChartLine } from './order-lines.ts';

const STYLES: Record<Dash, LineStyle> = {
  solid: LineStyle.Solid,
  dashed: LineStyle.Dashed,
  dotted: LineStyle.Dotted,
};

/** The price lines on the chart, for the line drag (use-line-drag.ts) to move. */
export interface DrawnLines {
  /** Each line's price line by its id, as drawn now (lines are drawn again when they change). */
  drawn: RefObject<Map<string, IPriceLine>>;
  /**
   * Lines shown away from their order's price, by id: being dragged, or dropped and waiting for
   * the server. A line drawn again meanwhile (the user record changed) is drawn there too.
   */
  moved: RefObject<Map<string, number>>;
}

export function useChartOverlays<T extends SeriesType>(
  series: ISeriesApi<T> | null,
  lines: readonly ChartLine[],
  markers: readonly FillMarker[],
): DrawnLines {
  const { palette } = useTheme();
  const drawn = useRef(new Map<string, IPriceLine>());
  const moved = useRef(new Map<string, number>());

  useEffect(() => {
    if (!series) return;
    const made = new Map<string, IPriceLine>();
    for (const line of lines) {
      const look = lineLook(line.role, palette, line.pending);
      const at = moved.current.get(line.id);
      const priceLine = series.createPriceLine({
        price: at ?? line.price,
        color: look.color,
        lineWidth: look.width,
        lineStyle: STYLES[look.dash],
        axisLabelVisible: true,
        title: at === undefined ? line.title : draggedTitle(line, at),
      });
      made.set(line.id, priceLine);
    }
    drawn.current = made;
    return () => {
      made.forEach((l) => series.removePriceLine(l));
      if (drawn.current === made) drawn.current = new Map();
    };
  }, [series, lines, palette]);

  useEffect(() => {
    if (!series) return;
    const data: SeriesMarker<Time>[] = markers.map((m) => {
      const buy = m.side === 'PURCHASE';
      return {
        time: m.time as Time,
        position: buy ? 'belowBar' : 'aboveBar',
        shape: buy ? 'arrowUp' : 'arrowDown',
        color: markerColor(m.side, palette),
        text: m.text,
      };
    });
    const plugin = createSeriesMarkers(series, data);
    return () => plugin.detach();
  }, [series, markers, palette]);

  return { drawn, moved };
}
