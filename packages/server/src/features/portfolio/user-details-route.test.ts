import { PublicProfile, STARTING_BALANCE_USD, User } from '@papertrade/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../../test/test-app.ts';
import { setCash, setHolding, setStoredPrice, units, USD } from '../../../test/test-rows.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const details = (walletAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/user-details', headers, payload: { walletAddress } });

describe('POST /user-details', () => {
  test('the owner gets the full user record', async () => {
    const me = await createTestUser(t.ctx);
    const res = await details(me.walletAddress, me.headers);
    expect(res.statusCode).toBe(200);
    const user = User.parse(res.json());
    expect(user.id).toBe(me.id);
    expect(user.email).toBe(me.email);
    expect(user.balance).toBe(STARTING_BALANCE_USD);
  });

  test('the owner is recognised whatever the case of the wallet address', async () => {
    const me = await createTestUser(t.ctx);
    const upper = `0x${me.walletAddress.slice(2).toUpperCase()}`;
    const res = await details(upper, me.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: me.id, email: me.email });
  });

  test('another signed-in user gets only the public profile', async () => {
    const owner = await createTestUser(t.ctx);
    const viewer = await createTestUser(t.ctx);
    await setStoredPrice(t.ctx.db, 'ETH', units('2000'));
    await setCash(t.ctx.db, owner.id, USD(90_000));
    await setHolding(t.ctx.db, owner.id, 'ETH', units('7.5'));

    const res = await details(owner.walletAddress, viewer.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(Object.keys(PublicProfile.shape).sort());
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('balance');
    expect(body).not.toHaveProperty('assets');
    expect(body).toMatchObject({
      walletAddress: owner.walletAddress,
      totalBalance: 105_000,
      returnPercentage: 5,
      followers: 0,
      following: 0,
      followedByMe: false,
    });
  });

  test('a visitor gets the public profile', async () => {
    const owner = await createTestUser(t.ctx);
    const res = await details(owner.walletAddress);
    expect(res.statusCode).toBe(200);
    const profile = PublicProfile.parse(res.json());
    expect(profile).toMatchObject({
      walletAddress: owner.walletAddress,
      totalBalance: STARTING_BALANCE_USD,
      returnPercentage: 0,
    });
    expect(res.json()).not.toHaveProperty('email');
  });

  test('the public profile counts followers and says whether the viewer follows', async () => {
    const owner = await createTestUser(t.ctx);
    const fan = await createTestUser(t.ctx);
    const other = await createTestUser(t.ctx);
    await t.ctx.db
      .insertInto('follows')
      .values([
        { follower_id: fan.id, followee_id: owner.id, created_at: Date.now() },
        { follower_id: owner.id, followee_id: other.id, created_at: Date.now() },
      ])
      .execute();
    const asFan = (await details(owner.walletAddress, fan.headers)).json<PublicProfile>();
    expect(asFan).toMatchObject({ followers: 1, following: 1, followedByMe: true });
    const asOther = (await details(owner.walletAddress, other.headers)).json<PublicProfile>();
    expect(asOther.followedByMe).toBe(false);
  });

  test('an unknown wallet answers 404 USER_NOT_FOUND', async () => {
    const me = await createTestUser(t.ctx);
    const res = await details(`0x${'ab'.repeat(20)}`, me.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'USER_NOT_FOUND',
      error: 'No user has that wallet address',
    });
  });

  test('a malformed wallet address answers 400', async () => {
    const res = await details('not-a-wallet');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'walletAddress' });
  });
});
