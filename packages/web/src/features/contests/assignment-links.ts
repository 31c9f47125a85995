import type { Asset, AssignmentTask, TaskProgress } from '@papertrade/domain';
import { tradeLinkHref } from '../../lib/trade-link.ts';
import { DEFAULT_TRADE_SYMBOL } from '../../lib/ui-constants.ts';

/**
 * Where a checklist task leads: a lesson task to its lesson (its quiz is at the end of it), an order
 * task to the trade panel set to that kind of order (lib/trade-link.ts) on Bitcoin, the other tasks
 * to the assets to trade. An OCO pair sells shares held, so its link is a sell; the rest buy.
 */
export function taskHref(task: AssignmentTask, assets: readonly Asset[] | undefined): string {
  switch (task.kind) {
    case 'READ_LESSON':
    case 'PASS_QUIZ':
      return `/learn?lesson=${encodeURIComponent(task.lesson)}`;
    case 'PLACE_ORDER': {
      const asset = assets?.find((a) => a.symbol === DEFAULT_TRADE_SYMBOL) ?? assets?.[0];
      if (!asset) return '/assets';
      return tradeLinkHref(asset.id, {
        method: task.orderType,
        side: task.orderType === 'OCO' ? 'SELL' : 'PURCHASE',
      });
    }
    case 'HOLD_ASSETS':
    case 'WRITE_NOTES':
      return '/assets';
  }
}

export type TaskState = 'done' | 'late' | 'not yet';

/** The one word the checklist, the teacher's table and the CSV use for a task's state. */
export const taskState = (p: TaskProgress | undefined): TaskState =>
  !p?.done ? 'not yet' : p.late ? 'late' : 'done';
