import { PublicProfile, WalletAddress } from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/app-error.ts';
import { findUserIdByWallet, loadPublicProfile } from '../../users/public-profile.ts';

/**
 * Anyone's public profile, the owner's included: POST /user-details gives the owner the full
 * User instead, which has no follower counts, so a "how others see me" screen reads this.
 */
export function profileRoute(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/users/:walletAddress/profile',
    {
      schema: {
        description:
          "Sign-in optional. The PublicProfile of this wallet's owner, also for the owner: followers and " +
          'following are exact counts. 404 USER_NOT_FOUND for an unknown wallet.',
        params: z.object({ walletAddress: WalletAddress }),
        response: { 200: PublicProfile },
      },
    },
    async (request) => {
      const userId = await findUserIdByWallet(ctx.db, request.params.walletAddress);
      if (!userId) throw notFound('USER_NOT_FOUND', 'No user has that wallet address');
      return loadPublicProfile(ctx.db, userId, request.user?.id ?? null);
    },
  );
}
