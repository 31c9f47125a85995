import { z } from 'zod';
import { Timestamp, WalletAddress } from './primitives.ts';

/** A row of GET /users/:walletAddress/followers and /following: who, and since when. */
export const FollowEntry = z.object({
  walletAddress: WalletAddress,
  username: z.string(),
  displayName: z.string(),
  avatar: z.string().nullable(),
  since: Timestamp,
});
export type FollowEntry = z.infer<typeof FollowEntry>;
export const FollowsAnswer = z.array(FollowEntry);
