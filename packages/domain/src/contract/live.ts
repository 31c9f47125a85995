import { z } from 'zod';
import { Asset, User } from './shapes.ts';

export const LiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('prices'), assets: z.array(Asset) }),
  z.object({ type: z.literal('user'), user: User }),
]);
export type LiveMessage = z.infer<typeof LiveMessage>;
