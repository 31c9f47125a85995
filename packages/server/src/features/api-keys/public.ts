/**
 * What other features may use of api-keys: the guard and options for routes of programs, the
 * header names and the scopes (docs/decisions/030-api-keys.md). Everything else is private to it.
 */
export { apiKeyGuard, apiKeyRoute, KEY_ID_HEADER, SECRET_HEADER } from './api-key-guard.ts';
export { parseScopes } from './api-keys.ts';
