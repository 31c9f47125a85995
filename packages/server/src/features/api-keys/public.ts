/** What other features use of API keys: the guard for routes of programs and the scopes. */
export { apiKeyGuard, apiKeyRoute, KEY_ID_HEADER, SECRET_HEADER } from './api-key-guard.ts';
export { parseScopes } from './api-keys.ts';
