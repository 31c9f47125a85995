import { z } from 'zod';
import { Timestamp, WalletAddress } from './primitives.ts';

/**
 * docs/api.md "API keys": keys for programs. A key acts on one portfolio (main or a contest's) with
 * its scopes: `read` for reads, `trade` for orders. The secret is in the creation answer only.
 */
export const ApiKeyScope = z.enum(['read', 'trade']);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

export const API_KEY_NAME_MAX = 60;
/** Keys a user may hold at once: plenty for bots, few enough that a script cannot pile them up. */
export const API_KEYS_MAX = 20;

export const CreateApiKeyBody = z.object({
  name: z.string().trim().min(1, 'Name the key').max(API_KEY_NAME_MAX),
  scopes: z
    .array(ApiKeyScope)
    .min(1, 'Choose at least one scope')
    .max(2)
    .refine((s) => new Set(s).size === s.length, 'A scope is listed twice'),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

export const ApiKey = z.object({
  id: z.string(),
  /** Sent as APCA-API-KEY-ID; not a secret. */
  keyId: z.string(),
  name: z.string(),
  scopes: z.array(ApiKeyScope),
  /** The wallet of the portfolio the key acts on. */
  walletAddress: WalletAddress,
  createdAt: Timestamp,
  /** Updated at most once a minute; null until first used. */
  lastUsedAt: Timestamp.nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;
export const ApiKeysAnswer = z.array(ApiKey);

/** The creation answer: the only time the secret (APCA-API-SECRET-KEY) is ever shown. */
export const CreatedApiKey = ApiKey.omit({ lastUsedAt: true }).extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyIdParams = z.object({ id: z.string().min(1).max(64) });
