import type { IChartApi, IRange, Time, TickMarkType } from 'lightweight-charts';
import { useEffect } from 'react';
import { timeAxisLabel, timeAxisLabelLength, timeAxisUnit } from './time-axis.ts';

const spanOf = (range: IRange<Time> | null) =>
  range ? Math.max(0, Number(range.to) - Number(range.from)) : 0;

/**
 * Labels `chart`'s time axis by the app's one rule (time-axis.ts), in the format its visible span
 * calls for: set when the chart appears and again whenever a zoom or new data moves the span into
 * another format. Charts whose times are UTC timestamps in seconds only.
 */
export function useTimeAxis(chart: IChartApi | null): void {
  useEffect(() => {
    if (!chart) return;
    const timeScale = chart.timeScale();
    let shown = '';
    const follow = (range: IRange<Time> | null) => {
      const span = spanOf(range);
      const length = timeAxisLabelLength(span);
      const key = `${timeAxisUnit(span)}:${length}`;
      if (key === shown) return;
      shown = key;
      chart.applyOptions({
        timeScale: {
          // The tick types then tell a point that starts a new second from one that starts a minute.
          secondsVisible: true,
          tickMarkMaxCharacterLength: length,
          tickMarkFormatter: (time: Time, type: TickMarkType) =>
            timeAxisLabel(Number(time), type, span),
        },
      });
    };
    follow(timeScale.getVisibleRange());
    timeScale.subscribeVisibleTimeRangeChange(follow);
    return () => timeScale.unsubscribeVisibleTimeRangeChange(follow);
  }, [chart]);
}
