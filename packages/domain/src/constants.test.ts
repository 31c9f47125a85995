import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

describe('constants', () => {
  it('hold the values of docs/product.md, Constants', () => {
    expect(c.ASSET_POLL_INTERVAL_MS).toBe(5000);
    expect(c.ASSET_LIST_MAX_HEIGHT).toBe(560);
    expect([c.ASSET_NAME_MAX, c.ASSET_NAME_CUT]).toEqual([14, 12]);
    expect(c.RECENT_HISTORY_COUNT).toBe(5);
    expect(c.BREAKPOINTS).toEqual({ mobile: 480, tablet: 768 });
    expect([c.SIDEBAR_WIDTH, c.NAV_ITEM_WIDTH, c.LOGO_SIZE]).toEqual([240, 170, 50]);
    expect([c.ACCOUNT_MENU_WIDTH, c.NOTIFICATION_MENU_WIDTH]).toEqual([300, 350]);
    expect(c.HEADER_BALANCE_SCROLL_THRESHOLD).toBe(100);
    expect(c.BOTTOM_NAV_ITEMS).toBe(5);
    expect(c.BADGE_MAX).toBe(99);
    expect(c.DEFAULT_TRADE_SYMBOL).toBe('BTC');
    expect(c.THEME_STORAGE_KEY).toBe('theme_mode');
    expect(c.ONBOARDING_STORAGE_KEY).toBe('onboarding_done');
    expect(c.SCRIPT_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(c.AMOUNT_INPUT_MAX_LENGTH).toBe(10);
  });

  it('offer a default starting balance inside the allowed range', () => {
    expect(c.STARTING_BALANCE_USD).toBe(100_000);
    expect(c.STARTING_BALANCE_CENTS).toBe(10_000_000n);
    expect(c.STARTING_BALANCE_CHOICES).toContain(c.STARTING_BALANCE_USD);
    for (const choice of c.STARTING_BALANCE_CHOICES) {
      expect(choice).toBeGreaterThanOrEqual(c.STARTING_BALANCE_MIN);
      expect(choice).toBeLessThanOrEqual(c.STARTING_BALANCE_MAX);
    }
  });

  it('name the 12 icons in use', () => {
    expect(c.ICON_NAMES).toHaveLength(12);
    expect(new Set(c.ICON_NAMES).size).toBe(12);
  });
});
