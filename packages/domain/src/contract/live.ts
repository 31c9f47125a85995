import { z } from 'zod';
import { ContestLiveMessage } from './contests.ts';
import { Asset, User } from './shapes.ts';

export const LiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('prices'), assets: z.array(Asset) }),
  z.object({ type: z.literal('user'), user: User }),
  ContestLiveMessage,
]);
export type LiveMessage = z.infer<typeof LiveMessage>;
