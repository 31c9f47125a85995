/** Business constants (docs/product.md, Constants), by name, so server and web never repeat a literal. */

/** GET /all-assets is polled this often when the live socket is down. */
export const ASSET_POLL_INTERVAL_MS = 5000;
export const ASSET_LIST_MAX_HEIGHT = 560;
/** Asset names longer than ASSET_NAME_MAX characters are cut to ASSET_NAME_CUT plus an ellipsis. */
export const ASSET_NAME_MAX = 14;
export const ASSET_NAME_CUT = 12;
export const RECENT_HISTORY_COUNT = 5;
/** Widths in px at or below which the layout switches. There is no laptop breakpoint. */
export const BREAKPOINTS = { mobile: 480, tablet: 768 } as const;
export const SIDEBAR_WIDTH = 240;
export const NAV_ITEM_WIDTH = 170;
export const LOGO_SIZE = 50;
export const ACCOUNT_MENU_WIDTH = 300;
export const NOTIFICATION_MENU_WIDTH = 350;
/** On mobile the header shows the balance once the page is scrolled this many px. */
export const HEADER_BALANCE_SCROLL_THRESHOLD = 100;
export const BOTTOM_NAV_ITEMS = 5;
/** Badge counts above this show as "99+" (the UI library's default). */
export const BADGE_MAX = 99;
export const DEFAULT_TRADE_SYMBOL = 'BTC';
export const THEME_STORAGE_KEY = 'theme_mode';
export const ONBOARDING_STORAGE_KEY = 'onboarding_done';
export const SCRIPT_LOAD_TIMEOUT_MS = 120_000;
export const AMOUNT_INPUT_MAX_LENGTH = 10;
/** Dollars: a new account's cash; a reset offers 1,000..10,000,000 (docs/api.md, Core calls: reset-user). */
export const STARTING_BALANCE_USD = 100_000;
/** The same in cents, as the server stores money (every new main portfolio's cash). */
export const STARTING_BALANCE_CENTS = BigInt(STARTING_BALANCE_USD) * 100n;
export const STARTING_BALANCE_CHOICES = [10_000, 100_000, 1_000_000] as const;
export const STARTING_BALANCE_MIN = 1_000;
export const STARTING_BALANCE_MAX = 10_000_000;
export const ICON_NAMES = [
  'trade',
  'home',
  'watchlist',
  'learn',
  'receipt',
  'settings',
  'logout',
  'notification',
  'trophy',
  'explore',
  'search',
  'menu',
] as const;
export type IconName = (typeof ICON_NAMES)[number];
