/**
 * What other features may use of api-keys: the options a route for programs spreads in to accept
 * a key (docs/decisions/030-api-keys.md). Everything else in api-keys/ is private to it.
 */
export { apiKeyRoute } from './api-key-guard.ts';
