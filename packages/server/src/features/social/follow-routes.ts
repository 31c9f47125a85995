import { FollowBody, PublicProfile } from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { inUserTransaction } from '../../db/transaction.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../auth/public.ts';
import { notify } from '../../users/notify.ts';
import { findUserIdByWallet, loadPublicProfile } from '../../users/public-profile.ts';
import { requireSession, sessionUser } from '../auth/guard.ts';

/** The user the body names, who must exist and must not be the caller. */
async function otherUserId(
  ctx: AppContext,
  me: SessionUser,
  walletAddress: string,
): Promise<string> {
  if (walletAddress.toLowerCase() === me.walletAddress.toLowerCase()) {
    throw badRequest('CANNOT_FOLLOW_SELF', 'You cannot follow yourself', 'walletAddress');
  }
  const id = await findUserIdByWallet(ctx.db, walletAddress);
  if (!id) throw notFound('USER_NOT_FOUND', 'No user has that wallet address');
  return id;
}

/** A follower who unfollows and follows again within this window does not notify again. */
export const FOLLOW_NOTICE_QUIET_MS = 24 * 60 * 60 * 1000;

export function followRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/follow',
    {
      // The body's walletAddress is the user to follow, so only the Wallet header is checked.
      preHandler: requireSession,
      schema: {
        description:
          'Follows the user whose walletAddress is in the body; they get a NEW_FOLLOWER notification. ' +
          'Following again changes nothing. Answers their PublicProfile (followedByMe: true). ' +
          '400 CANNOT_FOLLOW_SELF, 404 USER_NOT_FOUND.',
        body: FollowBody,
        response: { 200: PublicProfile },
      },
    },
    async (request) => {
      const me = sessionUser(request);
      const followeeId = await otherUserId(ctx, me, request.body.walletAddress);
      const now = Date.now();
      // The follower's row lock first: a follow racing an unfollow of the same user queues.
      const created = await inUserTransaction(ctx.db, me.id, async (trx) => {
        const inserted = await trx
          .insertInto('follows')
          .values({ follower_id: me.id, followee_id: followeeId, created_at: now })
          .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
        const url = `/user?wallet=${me.walletAddress}`;
        // Unfollow and follow again must not flood the followee: one NEW_FOLLOWER per follower a day.
        const recent = await trx
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', followeeId)
          .where('type', '=', 'NEW_FOLLOWER')
          .where('url', '=', url)
          .where('created_at', '>', BigInt(now - FOLLOW_NOTICE_QUIET_MS))
          .executeTakeFirst();
        if (recent) return false;
        const follower = await trx
          .selectFrom('users')
          .select('username')
          .where('id', '=', me.id)
          .executeTakeFirstOrThrow();
        await notify(
          trx,
          {
            userId: followeeId,
            type: 'NEW_FOLLOWER',
            text: `${follower.username} started following you`,
            url,
          },
          now,
        );
        return true;
      });
      if (created) ctx.bus.publish({ type: 'user-changed', userId: followeeId });
      return loadPublicProfile(ctx.db, followeeId, me.id);
    },
  );

  app.delete(
    '/follow',
    {
      preHandler: requireSession,
      schema: {
        description:
          'Stops following the user whose walletAddress is in the body (nothing happens if the caller did not ' +
          'follow them). Answers their PublicProfile (followedByMe: false).',
        body: FollowBody,
        response: { 200: PublicProfile },
      },
    },
    async (request) => {
      const me = sessionUser(request);
      const followeeId = await otherUserId(ctx, me, request.body.walletAddress);
      await inUserTransaction(ctx.db, me.id, (trx) =>
        trx
          .deleteFrom('follows')
          .where('follower_id', '=', me.id)
          .where('followee_id', '=', followeeId)
          .execute(),
      );
      return loadPublicProfile(ctx.db, followeeId, me.id);
    },
  );
}
