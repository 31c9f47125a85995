import {
  FollowsAnswer,
  NEXT_CURSOR_HEADER,
  PageQuery,
  WalletAddress,
  type FollowEntry,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/app-error.ts';
import { findUserIdByWallet } from '../../users/public-profile.ts';
import { decodeCursor, encodeCursor, isShortText } from './page-cursor.ts';

/** followers: who follows the user (they are follower_id); following: whom the user follows. */
const SIDES = {
  followers: { self: 'followee_id', other: 'follower_id' },
  following: { self: 'follower_id', other: 'followee_id' },
} as const;

/** Public lists of a profile's followers and follows, newest first, keyset-paged on (since, user id). */
export function followListRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const [list, side] of Object.entries(SIDES)) {
    app.get(
      `/users/:walletAddress/${list}`,
      {
        schema: {
          description:
            list === 'followers'
              ? "The users who follow this wallet's owner, most recent first. Next page: X-Next-Cursor header."
              : "The users this wallet's owner follows, most recent first. Next page: X-Next-Cursor header.",
          params: z.object({ walletAddress: WalletAddress }),
          querystring: PageQuery,
          response: { 200: FollowsAnswer },
        },
      },
      async (request, reply) => {
        const { cursor, limit } = request.query;
        const after = decodeCursor(cursor, ([since, id, ...rest]) =>
          Number.isSafeInteger(since) && isShortText(id) && rest.length === 0
            ? { since: BigInt(since as number), id }
            : undefined,
        );
        const userId = await findUserIdByWallet(ctx.db, request.params.walletAddress);
        if (!userId) throw notFound('USER_NOT_FOUND', 'No user has that wallet address');
        const rows = await ctx.db
          .selectFrom('follows')
          .innerJoin('users', 'users.id', `follows.${side.other}`)
          .select([
            'users.id',
            'users.wallet_address',
            'users.username',
            'users.display_name',
            'users.avatar',
            'follows.created_at',
          ])
          .where(`follows.${side.self}`, '=', userId)
          .$if(after !== undefined, (qb) =>
            qb.where((eb) => {
              const { since, id } = after as { since: bigint; id: string };
              return eb.or([
                eb('follows.created_at', '<', since),
                eb.and([
                  eb('follows.created_at', '=', since),
                  eb(`follows.${side.other}`, '<', id),
                ]),
              ]);
            }),
          )
          .orderBy('follows.created_at', 'desc')
          .orderBy(`follows.${side.other}`, 'desc')
          .limit(limit + 1)
          .execute();
        const page = rows.slice(0, limit);
        const last = page[page.length - 1];
        if (rows.length > limit && last)
          void reply.header(NEXT_CURSOR_HEADER, encodeCursor([Number(last.created_at), last.id]));
        return page.map((r): FollowEntry => ({
          walletAddress: r.wallet_address,
          username: r.username,
          displayName: r.display_name,
          avatar: r.avatar,
          since: Number(r.created_at),
        }));
      },
    );
  }
}
