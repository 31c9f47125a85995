import { STARTING_BALANCE_USD, type PublicProfile } from '@papertrade/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../../test/test-app.ts';
import { insertUser } from '../../users/create-user.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profileOf = (walletAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/users/${walletAddress}/profile`, headers });

/** `count` users straight in the database (no password hashing: they never sign in). */
async function insertUsers(prefix: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const name = `${prefix}${i}`;
    ids.push(
      (
        await insertUser(t.ctx.db, {
          email: `${name}@example.test`,
          username: name,
          passwordHash: 'x',
        })
      ).id,
    );
  }
  return ids;
}

describe('GET /users/:walletAddress/profile', () => {
  test('followers and following are exact counts beyond the 100 a follow list page holds', async () => {
    const star = await createTestUser(t.ctx);
    const fans = await insertUsers('fan', 130);
    const now = Date.now();
    await t.ctx.db
      .insertInto('follows')
      .values(fans.map((id, i) => ({ follower_id: id, followee_id: star.id, created_at: now + i })))
      .execute();
    const idols = await insertUsers('idol', 3);
    await t.ctx.db
      .insertInto('follows')
      .values(idols.map((id) => ({ follower_id: star.id, followee_id: id, created_at: now })))
      .execute();

    const res = await profileOf(star.walletAddress);
    expect(res.statusCode).toBe(200);
    expect(res.json<PublicProfile>()).toMatchObject({
      walletAddress: star.walletAddress,
      followers: 130,
      following: 3,
      followedByMe: false,
    });
    expect(res.json()).not.toHaveProperty('email');
    const firstPage = await t.app.inject({
      url: `/users/${star.walletAddress}/followers?limit=100`,
    });
    expect(firstPage.json<unknown[]>()).toHaveLength(100);
  });

  test('the owner gets their own public profile, not the full record', async () => {
    const me = await createTestUser(t.ctx);
    const res = await profileOf(me.walletAddress, me.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json<PublicProfile>();
    expect(body).toMatchObject({
      walletAddress: me.walletAddress,
      totalBalance: STARTING_BALANCE_USD,
      returnPercentage: 0,
      followers: 0,
      following: 0,
      followedByMe: false,
    });
    expect(body).not.toHaveProperty('balance');
  });

  test('followedByMe is true for a signed-in follower, false for a visitor', async () => {
    const fan = await createTestUser(t.ctx);
    const star = await createTestUser(t.ctx);
    await t.app.inject({
      method: 'POST',
      url: '/follow',
      headers: fan.headers,
      payload: { walletAddress: star.walletAddress },
    });
    expect((await profileOf(star.walletAddress, fan.headers)).json()).toMatchObject({
      followers: 1,
      followedByMe: true,
    });
    expect((await profileOf(star.walletAddress)).json()).toMatchObject({
      followers: 1,
      followedByMe: false,
    });
    expect((await profileOf(fan.walletAddress)).json()).toMatchObject({
      followers: 0,
      following: 1,
    });
  });

  test('an unknown wallet is 404 USER_NOT_FOUND; a malformed one 400', async () => {
    const unknown = await profileOf(`0x${'0'.repeat(40)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    const bad = await profileOf('not-a-wallet');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
