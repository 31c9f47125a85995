import { describe, expect, it } from 'vitest';
import { connectionState, STALE_AFTER_MS } from './connection-state.ts';

describe('connectionState', () => {
  const now = 1_000_000;
  it('is live while the socket is open, whatever the age of the prices', () => {
    expect(connectionState(true, now - 10 * STALE_AFTER_MS, now)).toEqual({ state: 'live' });
  });
  it('is reconnecting while the socket is down and polling still brings prices', () => {
    expect(connectionState(false, now - STALE_AFTER_MS, now)).toEqual({ state: 'reconnecting' });
    expect(connectionState(false, undefined, now)).toEqual({ state: 'reconnecting' });
  });
  it('is stale, with the time of the prices, once they are older than three missed polls', () => {
    expect(connectionState(false, now - STALE_AFTER_MS - 1, now)).toEqual({
      state: 'stale',
      pricesAt: now - STALE_AFTER_MS - 1,
    });
  });
});
