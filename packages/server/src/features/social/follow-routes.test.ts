import type { PublicProfile } from '@papertrade/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BusEvent } from '../../realtime/event-bus.ts';
import { FOLLOW_NOTICE_QUIET_MS } from './follow-routes.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const follow = (
  me: TestUser,
  walletAddress: string,
  method: 'POST' | 'DELETE' = 'POST',
  headers = me.headers,
) => t.app.inject({ method, url: '/follow', headers, payload: { walletAddress } });

const notificationsOf = (userId: string) =>
  t.ctx.db
    .selectFrom('notifications')
    .select(['type', 'text', 'url', 'read'])
    .where('user_id', '=', userId)
    .execute();

const isFollowing = async (follower: TestUser, followee: TestUser) =>
  (await t.ctx.db
    .selectFrom('follows')
    .select('created_at')
    .where('follower_id', '=', follower.id)
    .where('followee_id', '=', followee.id)
    .executeTakeFirst()) !== undefined;

describe('POST /follow', () => {
  test('follow gives the followee a NEW_FOLLOWER notification and tells their screens', async () => {
    const fan = await createTestUser(t.ctx);
    const star = await createTestUser(t.ctx);
    const events: BusEvent[] = [];
    const unsubscribe = t.ctx.bus.subscribe((e) => events.push(e));
    const res = await follow(fan, star.walletAddress);
    unsubscribe();

    expect(res.statusCode).toBe(200);
    expect(res.json<PublicProfile>()).toMatchObject({
      walletAddress: star.walletAddress,
      followers: 1,
      followedByMe: true,
    });
    expect(res.json()).not.toHaveProperty('email');
    const fanName = (
      await t.ctx.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', fan.id)
        .executeTakeFirstOrThrow()
    ).username;
    const notes = await notificationsOf(star.id);
    expect(notes.map((n) => [n.type, n.text, n.url, Number(n.read)])).toEqual([
      ['NEW_FOLLOWER', `${fanName} started following you`, `/user?wallet=${fan.walletAddress}`, 0],
    ]);
    expect(await notificationsOf(fan.id)).toEqual([]);
    expect(events).toContainEqual({ type: 'user-changed', userId: star.id });

    const record = await t.app.inject({
      method: 'POST',
      url: '/user-details',
      headers: star.headers,
      payload: { walletAddress: star.walletAddress },
    });
    expect(record.json<{ notifications: unknown[] }>().notifications).toEqual([
      expect.objectContaining({ type: 'NEW_FOLLOWER', read: false }),
    ]);
  });

  test('following again changes nothing and notifies no one', async () => {
    const fan = await createTestUser(t.ctx);
    const star = await createTestUser(t.ctx);
    await follow(fan, star.walletAddress);
    const again = await follow(fan, star.walletAddress);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ followers: 1, followedByMe: true });
    expect(await notificationsOf(star.id)).toHaveLength(1);
  });

  test('unfollowing and following again many times notifies once a day', async () => {
    const fan = await createTestUser(t.ctx);
    const star = await createTestUser(t.ctx);
    for (let i = 0; i < 5; i++) {
      expect((await follow(fan, star.walletAddress)).statusCode).toBe(200);
      expect((await follow(fan, star.walletAddress, 'DELETE')).statusCode).toBe(200);
    }
    expect(await notificationsOf(star.id)).toHaveLength(1);

    // A day later the same follower is news again.
    await t.ctx.db
      .updateTable('notifications')
      .set({ created_at: Date.now() - FOLLOW_NOTICE_QUIET_MS - 1 })
      .where('user_id', '=', star.id)
      .execute();
    await follow(fan, star.walletAddress);
    expect(await notificationsOf(star.id)).toHaveLength(2);
  });

  test('following yourself answers 400 CANNOT_FOLLOW_SELF', async () => {
    const me = await createTestUser(t.ctx);
    const res = await follow(me, me.walletAddress.toUpperCase().replace('0X', '0x'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CANNOT_FOLLOW_SELF', field: 'walletAddress' });
    expect(await notificationsOf(me.id)).toEqual([]);
  });

  test('an unknown wallet answers 404 USER_NOT_FOUND', async () => {
    const me = await createTestUser(t.ctx);
    const res = await follow(me, `0x${'cd'.repeat(20)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
  });

  test('no session answers 401; another wallet in the Wallet header answers 403', async () => {
    const me = await createTestUser(t.ctx);
    const star = await createTestUser(t.ctx);
    expect((await follow(me, star.walletAddress, 'POST', {})).statusCode).toBe(401);
    const mismatch = await follow(me, star.walletAddress, 'POST', {
      ...me.headers,
      wallet: star.walletAddress,
    });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json()).toMatchObject({ code: 'WALLET_MISMATCH' });
    expect(await isFollowing(me, star)).toBe(false);
  });

  test('a cross-site request with the session cookie answers 403 CSRF', async () => {
    const me = await createTestUser(t.ctx);
    const star = await createTestUser(t.ctx);
    const res = await t.app.inject({
      method: 'POST',
      url: '/follow',
      headers: {
        cookie: `session=${me.token}`,
        origin: 'https://evil.example',
        host: 'localhost',
        wallet: me.walletAddress,
      },
      payload: { walletAddress: star.walletAddress },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CSRF' });
    expect(await isFollowing(me, star)).toBe(false);
  });
});

describe('DELETE /follow', () => {
  test('unfollow removes the follow and is idempotent', async () => {
    const fan = await createTestUser(t.ctx);
    const star = await createTestUser(t.ctx);
    await follow(fan, star.walletAddress);
    const res = await follow(fan, star.walletAddress, 'DELETE');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ followers: 0, followedByMe: false });
    expect(await isFollowing(fan, star)).toBe(false);
    expect((await follow(fan, star.walletAddress, 'DELETE')).statusCode).toBe(200);
  });

  test('unfollowing yourself or an unknown wallet answers 400 or 404', async () => {
    const me = await createTestUser(t.ctx);
    expect((await follow(me, me.walletAddress, 'DELETE')).statusCode).toBe(400);
    expect((await follow(me, `0x${'ef'.repeat(20)}`, 'DELETE')).statusCode).toBe(404);
  });
});
