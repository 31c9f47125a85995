/**
 * Business constants (docs/product.md, Constants), by name, so server and web never repeat a
 * literal. Sizes, timings and icon names of the screens live in the web app
 * (packages/web/src/lib/ui-constants.ts, components/app-icons.ts): the domain holds no UI.
 */

/** Asset names longer than ASSET_NAME_MAX characters are cut to ASSET_NAME_CUT plus an ellipsis. */
export const ASSET_NAME_MAX = 14;
export const ASSET_NAME_CUT = 12;
export const RECENT_HISTORY_COUNT = 5;
/** Dollars: a new account's cash; a reset offers 1,000..10,000,000 (docs/api.md, Core calls: reset-user). */
export const STARTING_BALANCE_USD = 100_000;
/** The same in cents, as the server stores money (every new main portfolio's cash). */
export const STARTING_BALANCE_CENTS = BigInt(STARTING_BALANCE_USD) * 100n;
export const STARTING_BALANCE_CHOICES = [10_000, 100_000, 1_000_000] as const;
export const STARTING_BALANCE_MIN = 1_000;
export const STARTING_BALANCE_MAX = 10_000_000;
