import { PublicProfile, User, UserDetailsBody } from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/app-error.ts';
import { findUserIdByWallet, loadPublicProfile } from '../../users/public-profile.ts';
import { loadUserRecord } from '../../users/user-record.ts';

/** The owner gets the full record; anyone else (signed in or not) only the public profile. */
export const UserDetailsAnswer = z.union([User, PublicProfile]);

export function userDetailsRoute(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/user-details',
    {
      schema: {
        description:
          "Sign-in optional. The full User of that portfolio when the caller's session owns walletAddress (main or contest); otherwise its owner's " +
          'PublicProfile (no e-mail, cash or holdings). 404 USER_NOT_FOUND for an unknown wallet.',
        body: UserDetailsBody,
        response: { 200: UserDetailsAnswer },
      },
    },
    async (request) => {
      const wallet = request.body.walletAddress.toLowerCase();
      const viewer = request.user;
      if (viewer && viewer.walletAddress.toLowerCase() === wallet)
        return loadUserRecord(ctx, viewer.id);
      // A contest wallet: its owner gets that portfolio's record, anyone else its owner's profile.
      const portfolio = await ctx.db
        .selectFrom('portfolios')
        .select(['id', 'user_id', 'closed_at'])
        .where('wallet_address', '=', wallet)
        .executeTakeFirst();
      if (viewer && portfolio?.user_id === viewer.id && portfolio.closed_at === null)
        return loadUserRecord(ctx, portfolio.id);
      const userId = portfolio?.user_id ?? (await findUserIdByWallet(ctx.db, wallet));
      if (!userId) throw notFound('USER_NOT_FOUND', 'No user has that wallet address');
      return loadPublicProfile(ctx.db, userId, viewer?.id ?? null);
    },
  );
}
