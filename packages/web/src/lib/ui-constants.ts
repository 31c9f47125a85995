/**
 * The web app's sizes, timings and storage keys (docs/product.md, Constants): screen matters, so
 * they live here rather than in packages/domain, which the server shares and which holds no UI.
 */

/** GET /all-assets is polled this often when the live socket is down. */
export const ASSET_POLL_INTERVAL_MS = 5000;
export const ASSET_LIST_MAX_HEIGHT = 560;
/** Widths in px at or below which the layout switches. There is no laptop breakpoint. */
export const BREAKPOINTS = { mobile: 480, tablet: 768 } as const;
export const SIDEBAR_WIDTH = 240;
export const NAV_ITEM_WIDTH = 170;
export const LOGO_SIZE = 50;
export const ACCOUNT_MENU_WIDTH = 300;
export const NOTIFICATION_MENU_WIDTH = 350;
/** On mobile the header shows the balance once the page is scrolled this many px. */
export const HEADER_BALANCE_SCROLL_THRESHOLD = 100;
/** Badge counts above this show as "99+" (the UI library's default). */
export const BADGE_MAX = 99;
/** The asset the trade panel and the lessons' "try it" open when none is chosen. */
export const DEFAULT_TRADE_SYMBOL = 'BTC';
export const THEME_STORAGE_KEY = 'theme_mode';
export const ONBOARDING_STORAGE_KEY = 'onboarding_done';
export const SCRIPT_LOAD_TIMEOUT_MS = 120_000;
export const AMOUNT_INPUT_MAX_LENGTH = 10;
