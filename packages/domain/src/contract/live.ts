import { z } from 'zod';
import { ClassProgressLiveMessage, ContestLiveMessage } from './contests.ts';
import { WalletAddress } from './primitives.ts';
import { Asset, LimitPosition, Transaction, User, UserFields } from './shapes.ts';

export const LiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('prices'), assets: z.array(Asset) }),
  z.object({ type: z.literal('user'), user: User }),
  /** An order's change of one portfolio record (docs/api.md, "Lean order answers"). */
  z.object({
    type: z.literal('user-patch'),
    walletAddress: WalletAddress,
    version: z.number().int(),
    patch: UserFields.extend({
      transaction: Transaction.optional(),
      limitPosition: LimitPosition.optional(),
    }),
  }),
  ContestLiveMessage,
  ClassProgressLiveMessage,
]);
export type LiveMessage = z.infer<typeof LiveMessage>;
