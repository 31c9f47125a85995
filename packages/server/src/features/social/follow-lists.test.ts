import type { FollowEntry } from '@papertrade/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

const T0 = Date.UTC(2024, 0, 1);

async function allPages(url: string, limit: number) {
  const entries: FollowEntry[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await t.app.inject({
      url: `${url}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    });
    expect(res.statusCode).toBe(200);
    entries.push(...res.json<FollowEntry[]>());
    cursor = res.headers['x-next-cursor'] as string | undefined;
    pages += 1;
  } while (cursor && pages < 10);
  return entries;
}

describe('GET /users/:walletAddress/followers and /following', () => {
  test('list followers newest first across pages, each once, to anyone', async () => {
    const star = await createTestUser(t.ctx);
    const fans: TestUser[] = [];
    for (let i = 0; i < 5; i += 1) {
      const fan = await createTestUser(t.ctx);
      fans.push(fan);
      // Two pairs share a millisecond, so the user id breaks ties.
      await t.ctx.db
        .insertInto('follows')
        .values({ follower_id: fan.id, followee_id: star.id, created_at: T0 + Math.floor(i / 2) })
        .execute();
    }
    const entries = await allPages(`/users/${star.walletAddress}/followers`, 2);
    const expected = fans
      .map((f, i) => ({ f, since: T0 + Math.floor(i / 2) }))
      .sort((a, b) => b.since - a.since || (a.f.id < b.f.id ? 1 : -1))
      .map((x) => x.f.walletAddress);
    expect(entries.map((e) => e.walletAddress)).toEqual(expected);
    expect(Object.keys(entries[0] ?? {}).sort()).toEqual([
      'avatar',
      'displayName',
      'since',
      'username',
      'walletAddress',
    ]);

    const following = await allPages(`/users/${fans[0]?.walletAddress}/following`, 10);
    expect(following.map((e) => [e.walletAddress, e.since])).toEqual([[star.walletAddress, T0]]);
  });

  test('an unknown wallet answers 404 and a bad cursor 400', async () => {
    const res = await t.app.inject({ url: `/users/0x${'12'.repeat(20)}/followers` });
    expect(res.statusCode).toBe(404);
    const star = await createTestUser(t.ctx);
    const bad = await t.app.inject({
      url: `/users/${star.walletAddress}/following?cursor=%5B1%5D`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_CURSOR' });
  });
});
