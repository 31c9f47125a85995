import { useTheme, type Theme } from '@mui/material';
import {
  ColorType,
  createChart,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
  type SeriesDataItemTypeMap,
  type SeriesDefinition,
  type SeriesPartialOptionsMap,
  type SeriesType,
  type TimeChartOptions,
} from 'lightweight-charts';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { formatChartPrice, formatChartTicks } from './chart-scale.ts';
import { useTimeAxis } from './use-time-axis.ts';

function themed(theme: Theme) {
  return {
    layout: {
      background: { type: ColorType.Solid, color: theme.palette.background.paper },
      textColor: theme.palette.text.primary,
    },
    grid: {
      vertLines: { color: theme.palette.divider },
      horzLines: { color: theme.palette.divider },
    },
    // fixLeftEdge: the first date is moved inside the chart instead of being cut in half at its
    // left edge; entireTextOnly: a price label the top or bottom edge would cut is left out.
    timeScale: {
      timeVisible: true,
      borderColor: theme.palette.divider,
      fixLeftEdge: true,
    },
    rightPriceScale: { borderColor: theme.palette.divider, entireTextOnly: true },
    // The price tag and crosshair in dollars by the app's price rules ("$100,000.06"), the axis's
    // ticks as short as they stay exact ("$100.25k"), not the library's bare "100000.06".
    localization: { priceFormatter: formatChartPrice, tickmarksPriceFormatter: formatChartTicks },
  };
}

/**
 * Removes `chart` once the cleanups running now have run. React runs a component's effect
 * cleanups in the order the hooks were declared, and a parent's before its children's: the hooks
 * that draw on the series (price lines, markers, the line drag) clean up after the hook that made
 * the chart, and a chart removed at once made their cleanup throw lightweight-charts' "Object is
 * disposed" (leaving /asset for another page logged it as a page error).
 */
export function removeAfterCleanups(chart: IChartApi): void {
  queueMicrotask(() => chart.remove());
}

/** What a chart may add to its data: see useChart. */
export interface ChartExtra<T extends SeriesType> {
  live?: SeriesDataItemTypeMap[T] | undefined;
  chart?: DeepPartial<TimeChartOptions> | undefined;
  /**
   * A line over a few points: both edges fixed, so the points share the chart's whole width and
   * zooming out stops there (fitted as candles are, a new account's few points sat in the middle
   * of an empty chart). Two points still take the middle half: the library draws a bar no wider
   * than half the chart.
   */
  edgeToEdge?: boolean | undefined;
}

/**
 * One lightweight-charts chart with one series, drawn into the returned container, sized to it
 * and coloured from the MUI theme. Import it only from lazily loaded modules: it pulls in
 * lightweight-charts, which stays in its own chunk. Memoise `options` and `data`: a new object
 * is applied again. Options are applied, not used to rebuild the chart, so a change of theme
 * keeps the data on screen. `extra.live`: the latest point, updated in place every tick (the
 * last bar replaced, or a new one added) without refitting the user's view; `extra.chart`:
 * chart options over the themed ones (memoised too).
 */
export function useChart<T extends SeriesType>(
  type: SeriesDefinition<T>,
  options: SeriesPartialOptionsMap[T],
  data: SeriesDataItemTypeMap[T][],
  extra: ChartExtra<T> = {},
): RefObject<HTMLDivElement | null> {
  return useChartSeries(type, options, data, extra).container;
}

/**
 * useChart that also hands out its series and chart (null until the chart exists, and again after
 * it is removed), for charts that draw more on it: price lines, markers, lines dragged by the
 * pointer (the asset page's orders).
 */
export function useChartSeries<T extends SeriesType>(
  type: SeriesDefinition<T>,
  options: SeriesPartialOptionsMap[T],
  data: SeriesDataItemTypeMap[T][],
  extra: ChartExtra<T> = {},
): {
  container: RefObject<HTMLDivElement | null>;
  series: ISeriesApi<T> | null;
  chart: IChartApi | null;
} {
  const { live, chart: chartOptions, edgeToEdge = false } = extra;
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<T> | null>(null);
  const [shown, setShown] = useState<{ chart: IChartApi; series: ISeriesApi<T> } | null>(null);
  const theme = useTheme();

  useEffect(() => {
    if (!container.current) return;
    const created = createChart(container.current, { autoSize: true });
    chart.current = created;
    series.current = created.addSeries(type);
    setShown({ chart: created, series: series.current });
    return () => {
      setShown(null);
      chart.current = null;
      series.current = null;
      removeAfterCleanups(created);
    };
  }, [type]);

  // `type` is in each list below so that a rebuilt chart gets everything again.
  useEffect(() => {
    chart.current?.applyOptions(themed(theme));
    if (chartOptions) chart.current?.applyOptions(chartOptions);
  }, [type, theme, chartOptions]);

  useEffect(() => {
    series.current?.applyOptions(options);
  }, [type, options]);

  useEffect(() => {
    const timeScale = chart.current?.timeScale();
    // Both edges fixed, a fitted chart's points share its whole width however few they are, and
    // zooming out stops there. (A bar wider than the chart, which a larger maxBarSpacing allows,
    // fails the library's own range assertion.)
    if (edgeToEdge) timeScale?.applyOptions({ fixLeftEdge: true, fixRightEdge: true });
  }, [type, edgeToEdge]);

  useEffect(() => {
    series.current?.setData(data);
    chart.current?.timeScale().fitContent();
  }, [type, data]);

  useEffect(() => {
    if (live) series.current?.update(live);
  }, [type, data, live]);

  useTimeAxis(shown?.chart ?? null);

  return { container, series: shown?.series ?? null, chart: shown?.chart ?? null };
}
