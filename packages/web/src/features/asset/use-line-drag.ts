/**
 * Drags the asset chart's order lines (docs/pages.md). A press within a few px of a draggable line
 * takes it (the pointer shows ns-resize over one); the line and its price tag follow the pointer
 * in the asset's price steps; the drop goes to `onMove`, which changes the order. Until that is
 * answered the line stays where it was dropped; refused, it goes back. Escape or a cancelled
 * pointer puts it back too.
 *
 * Pointer events, so a mouse, a pen and a finger work alike. A press on a line is taken from the
 * chart (its own panning and zooming are off until the release) and, for a finger, from the page:
 * its touchstart is cancelled, so the page does not scroll under the drag. A press anywhere else
 * is left alone, so the chart and the page scroll as before. Imports lightweight-charts' types
 * only; the chart module (candle-chart.tsx) passes its chart and series in.
 */
import type { IChartApi, ISeriesApi, SeriesType } from 'lightweight-charts';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { DrawnLines } from './chart-overlays.ts';
import { DRAG_THRESHOLD, draggedTitle, hitDistance, hitLine, roundPrice } from './line-drag.ts';
import type { ChartLine } from './order-lines.ts';

export interface LineDragOptions<T extends SeriesType> {
  container: RefObject<HTMLDivElement | null>;
  chart: IChartApi | null;
  series: ISeriesApi<T> | null;
  overlay: DrawnLines;
  lines: readonly ChartLine[];
  /** The asset's price decimals (line-drag.ts priceDecimals). */
  decimals: number;
  /** Changes the order; true when it did. Absent: no line can be dragged. */
  onMove?: ((line: ChartLine, price: number) => Promise<boolean>) | undefined;
}

interface Press {
  pointerId: number;
  id: string;
  startY: number;
  dragging: boolean;
  price: number;
  /** The chart's scroll and scale options before the drag turned them off. */
  saved: Pick<ReturnType<IChartApi['options']>, 'handleScroll' | 'handleScale'> | null;
}

export function useLineDrag<T extends SeriesType>({
  container,
  chart,
  series,
  overlay,
  lines,
  decimals,
  onMove,
}: LineDragOptions<T>) {
  const latest = useRef({ lines, decimals, onMove });
  useLayoutEffect(() => {
    latest.current = { lines, decimals, onMove };
  });
  const enabled = onMove !== undefined;
  const { drawn, moved } = overlay;

  useEffect(() => {
    const element = container.current;
    if (!element || !chart || !series || !enabled) return;
    const el: HTMLDivElement = element;
    let press: Press | null = null;

    const lineById = (id: string) => latest.current.lines.find((l) => l.id === id);
    const paneHeight = () => chart.paneSize(0).height;
    const localY = (clientY: number) => clientY - el.getBoundingClientRect().top;
    /** The draggable line at `y` (px from the pane's top), not one already dropped and waiting. */
    const lineAt = (y: number, pointerType: string): ChartLine | null => {
      const candidates = latest.current.lines
        .filter((l) => l.drag && !moved.current.has(l.id))
        .map((l) => ({ id: l.id, y: series.priceToCoordinate(l.price) }));
      const id = hitLine(candidates, y, hitDistance(pointerType), paneHeight());
      return id === null ? null : (lineById(id) ?? null);
    };
    const show = (line: ChartLine, price: number) => {
      moved.current.set(line.id, price);
      drawn.current.get(line.id)?.applyOptions({ price, title: draggedTitle(line, price) });
    };
    /** The line as its order is now: back at its price after a refusal, or at the new one. */
    const settle = (id: string) => {
      moved.current.delete(id);
      const line = lineById(id);
      if (line) drawn.current.get(id)?.applyOptions({ price: line.price, title: line.title });
    };
    const release = (done: Press) => {
      if (el.hasPointerCapture(done.pointerId)) el.releasePointerCapture(done.pointerId);
      if (done.saved) chart.applyOptions(done.saved);
      el.style.cursor = '';
    };
    const cancel = () => {
      if (!press) return;
      const done = press;
      press = null;
      release(done);
      if (done.dragging) settle(done.id);
    };
    const drop = (line: ChartLine, price: number) => {
      const move = latest.current.onMove;
      if (!move) return settle(line.id);
      void move(line, price)
        .catch(() => false)
        .then((ok) => {
          if (!ok) return settle(line.id);
          // Moved: the line stays at its new price until the user record brings it there.
          moved.current.delete(line.id);
          drawn.current.get(line.id)?.applyOptions({ price, title: line.title });
        });
    };

    const onPointerDown = (e: PointerEvent) => {
      if (press || !e.isPrimary || e.button !== 0) return;
      const y = localY(e.clientY);
      const line = lineAt(y, e.pointerType);
      if (!line) return;
      // Cancelling pointerdown also keeps the mouse events the chart listens to from firing.
      e.preventDefault();
      e.stopPropagation();
      el.setPointerCapture(e.pointerId);
      press = {
        pointerId: e.pointerId,
        id: line.id,
        startY: y,
        dragging: false,
        price: line.price,
        saved: null,
      };
      el.style.cursor = 'ns-resize';
    };

    const onPointerMove = (e: PointerEvent) => {
      if (!press) {
        if (e.pointerType !== 'touch')
          el.style.cursor = lineAt(localY(e.clientY), e.pointerType) ? 'ns-resize' : '';
        return;
      }
      if (e.pointerId !== press.pointerId) return;
      e.preventDefault();
      e.stopPropagation();
      const line = lineById(press.id);
      if (!line) return cancel();
      const y = Math.min(Math.max(localY(e.clientY), 0), paneHeight());
      if (!press.dragging) {
        if (Math.abs(y - press.startY) < DRAG_THRESHOLD) return;
        press.dragging = true;
        const { handleScroll, handleScale } = chart.options();
        press.saved = { handleScroll, handleScale };
        chart.applyOptions({ handleScroll: false, handleScale: false });
      }
      const raw = series.coordinateToPrice(y);
      if (raw === null) return;
      press.price = roundPrice(raw, latest.current.decimals);
      show(line, press.price);
    };

    const onPointerUp = (e: PointerEvent) => {
      if (!press || e.pointerId !== press.pointerId) return;
      e.stopPropagation();
      const done = press;
      press = null;
      release(done);
      if (!done.dragging) return;
      const line = lineById(done.id);
      if (!line || done.price === line.price) return settle(done.id);
      drop(line, done.price);
    };

    // A finger on a line: its touches are the drag's, not the page's scroll or the chart's pan.
    const onTouchStart = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (e.touches.length !== 1 || !touch) return;
      if (!press && !lineAt(localY(touch.clientY), 'touch')) return;
      e.preventDefault();
      e.stopPropagation();
    };
    const onTouchMove = (e: TouchEvent) => {
      if (!press) return;
      if (e.cancelable) e.preventDefault();
      e.stopPropagation();
    };
    const onMouseDown = (e: MouseEvent) => {
      if (!press) return;
      e.preventDefault();
      e.stopPropagation();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && press) cancel();
    };
    const onLeave = () => {
      if (!press) el.style.cursor = '';
    };

    const listeners: [string, EventListener, AddEventListenerOptions][] = [
      ['pointerdown', onPointerDown as EventListener, { capture: true }],
      ['pointermove', onPointerMove as EventListener, { capture: true }],
      ['pointerup', onPointerUp as EventListener, { capture: true }],
      ['pointercancel', cancel, { capture: true }],
      ['lostpointercapture', cancel, { capture: true }],
      ['pointerleave', onLeave, {}],
      ['touchstart', onTouchStart as EventListener, { capture: true, passive: false }],
      ['touchmove', onTouchMove as EventListener, { capture: true, passive: false }],
      ['mousedown', onMouseDown as EventListener, { capture: true }],
    ];
    for (const [type, listener, options] of listeners) el.addEventListener(type, listener, options);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      cancel();
      for (const [type, listener, options] of listeners)
        el.removeEventListener(type, listener, options);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [container, chart, series, enabled, drawn, moved]);
}
