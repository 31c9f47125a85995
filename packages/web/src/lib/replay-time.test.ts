import { describe, expect, it } from 'vitest';
import { replayTimeText } from './replay-time.ts';

describe('replayTimeText', () => {
  it('a replayed moment reads in UTC to the second', () => {
    expect(replayTimeText(Date.UTC(2021, 4, 19, 13, 4, 5, 900))).toBe('2021-05-19 13:04:05 UTC');
  });
});
