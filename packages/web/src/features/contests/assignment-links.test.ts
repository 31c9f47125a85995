import type { Asset } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { taskHref, taskState } from './assignment-links.ts';

const assets = [
  { id: 'ethusdt', symbol: 'ETH' },
  { id: 'btcusdt', symbol: 'BTC' },
] as Asset[];

describe('assignment task links', () => {
  it('a lesson or quiz task leads to the lesson', () => {
    expect(taskHref({ kind: 'READ_LESSON', lesson: 'stop-loss' }, assets)).toBe(
      '/learn?lesson=stop-loss',
    );
    expect(taskHref({ kind: 'PASS_QUIZ', lesson: 'stop-loss', minScore: 2 }, assets)).toBe(
      '/learn?lesson=stop-loss',
    );
  });

  it('an order task opens the trade panel on that kind of order, an OCO pair as a sell', () => {
    expect(taskHref({ kind: 'PLACE_ORDER', orderType: 'LIMIT' }, assets)).toBe(
      '/asset?pair=btcusdt&trade=LIMIT&side=PURCHASE',
    );
    expect(taskHref({ kind: 'PLACE_ORDER', orderType: 'OCO' }, assets)).toBe(
      '/asset?pair=btcusdt&trade=OCO&side=SELL',
    );
    expect(taskHref({ kind: 'PLACE_ORDER', orderType: 'STOP' }, undefined)).toBe('/assets');
  });

  it('a task is done, late or not yet', () => {
    expect(taskState({ done: true, doneAt: 5, late: false })).toBe('done');
    expect(taskState({ done: true, doneAt: 5, late: true })).toBe('late');
    expect(taskState({ done: false, doneAt: null, late: false })).toBe('not yet');
    expect(taskState(undefined)).toBe('not yet');
  });
});
