import { describe, expect, it } from 'vitest';
import { sharpeText } from './sharpe-text.ts';

describe('sharpeText', () => {
  it('shows two decimals, and a dash when there is no ratio yet', () => {
    expect(sharpeText(5.94)).toBe('5.94');
    expect(sharpeText(-0.5)).toBe('-0.50');
    expect(sharpeText(null)).toBe('–');
    expect(sharpeText(undefined)).toBe('–');
  });
});
