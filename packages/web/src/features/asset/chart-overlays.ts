/**
 * Draws the asset page's order lines and fill markers on the candle series. Imports
 * lightweight-charts, so only the lazily loaded chart module uses it.
 */
import { useTheme } from '@mui/material';
import {
  createSeriesMarkers,
  LineStyle,
  type ISeriesApi,
  type SeriesMarker,
  type SeriesType,
  type Time,
} from 'lightweight-charts';
import { useEffect } from 'react';
import type { FillMarker } from './fill-markers.ts';
import { lineLook, markerColor, type Dash } from './line-style.ts';
import type { ChartLine } from './order-lines.ts';

const STYLES: Record<Dash, LineStyle> = {
  solid: LineStyle.Solid,
  dashed: LineStyle.Dashed,
  dotted: LineStyle.Dotted,
};

export function useChartOverlays<T extends SeriesType>(
  series: ISeriesApi<T> | null,
  lines: readonly ChartLine[],
  markers: readonly FillMarker[],
) {
  const { palette } = useTheme();

  useEffect(() => {
    if (!series) return;
    const drawn = lines.map((line) => {
      const look = lineLook(line.role, palette);
      return series.createPriceLine({
        price: line.price,
        color: look.color,
        lineWidth: look.width,
        lineStyle: STYLES[look.dash],
        axisLabelVisible: true,
        title: line.title,
      });
    });
    return () => drawn.forEach((l) => series.removePriceLine(l));
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
}
