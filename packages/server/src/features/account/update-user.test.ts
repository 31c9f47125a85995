import type { User } from '@papertrade/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../app.ts';
import type { BusEvent } from '../../realtime/event-bus.ts';
import { currentUser, updateUser } from '../../../test/calls.ts';
import { createTestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const {
  t,
  users: [me],
} = useTestApp({ users: 1 });
let events: BusEvent[];
beforeEach(() => {
  events = [];
  t.ctx.bus.subscribe((e) => events.push(e));
});

/** Asserts a refused request left the whole user record as it was. */
async function expectUnchanged(before: User) {
  expect(await currentUser(t.app, me)).toEqual(before);
}

describe('PUT /update-user settings', () => {
  it('merges keys into the settings and a null removes one', async () => {
    await updateUser(t.app, me, 'settings', { theme: 'dark', onboarded: true });
    const res = await updateUser(t.app, me, 'settings', { pageSize: 25, onboarded: null });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>().settings).toEqual({ theme: 'dark', pageSize: 25 });
    expect(events).toContainEqual({ type: 'user-changed', userId: me.id });
  });

  it('a setting longer than 1000 characters answers 400 and stores nothing', async () => {
    const before = await currentUser(t.app, me);
    const res = await updateUser(t.app, me, 'settings', { note: 'x'.repeat(1001) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'updates' });
    await expectUnchanged(before);
  });

  it('more than 50 settings in total answers 400', async () => {
    const first = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`a${i}`, i]));
    const second = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`b${i}`, i]));
    expect((await updateUser(t.app, me, 'settings', first)).statusCode).toBe(200);
    const before = await currentUser(t.app, me);
    const res = await updateUser(t.app, me, 'settings', second);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'updates' });
    await expectUnchanged(before);
  });

  it('an object as a setting value answers 400', async () => {
    const res = await updateUser(t.app, me, 'settings', { nested: { a: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'updates' });
  });

  it('a "__proto__" key is refused with 400 and pollutes nothing', async () => {
    const before = await currentUser(t.app, me);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/update-user',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: `{"key":"settings","walletAddress":"${me.walletAddress}","updates":{"__proto__":{"safe":1}}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).safe).toBeUndefined();
    await expectUnchanged(before);
  });
});

describe('PUT /update-user keys that cannot be written', () => {
  it.each(['balance', 'email', 'assets', 'history', 'walletAddress', 'startingBalance'])(
    "key '%s' answers 400 FORBIDDEN_KEY and changes nothing",
    async (key) => {
      const before = await currentUser(t.app, me);
      const res = await updateUser(t.app, me, key, 1_000_000_000);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: `'${key}' cannot be changed here`,
        code: 'FORBIDDEN_KEY',
        field: 'key',
      });
      await expectUnchanged(before);
      expect(events).toEqual([]);
    },
  );
});

describe('PUT /update-user profile keys', () => {
  it('changes the username; a name taken in another letter case answers 409', async () => {
    const other = await createTestUser(t.ctx, { username: 'Whale' });
    const ok = await updateUser(t.app, me, 'username', 'New.Name_1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<User>().username).toBe('New.Name_1');
    const before = await currentUser(t.app, me);
    const taken = await updateUser(t.app, me, 'username', 'wHALE');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'USERNAME_TAKEN' });
    await expectUnchanged(before);
    expect(other.id).not.toBe(me.id);
  });

  it('the own username in another letter case is allowed', async () => {
    await updateUser(t.app, me, 'username', 'casey');
    const res = await updateUser(t.app, me, 'username', 'CASEY');
    expect(res.statusCode).toBe(200);
    expect(res.json<User>().username).toBe('CASEY');
  });

  it.each([
    ['username', 'a b'],
    ['username', 'xy'],
    ['username', 42],
    ['displayName', '   '],
    ['displayName', 'x'.repeat(41)],
    ['accountType', 'ADMIN'],
    ['avatar', 'https://evil.example/me.png'],
    ['avatar', '/uploads/../../app.db'],
  ])('%s = %j answers 400 and changes nothing', async (key, value) => {
    const before = await currentUser(t.app, me);
    const res = await updateUser(t.app, me, key, value);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'updates' });
    await expectUnchanged(before);
  });

  it('changes the display name (trimmed) and the account type', async () => {
    expect(
      (await updateUser(t.app, me, 'displayName', '  Ann the Trader ')).json<User>().displayName,
    ).toBe('Ann the Trader');
    expect((await updateUser(t.app, me, 'accountType', 'TEACHER')).json<User>().accountType).toBe(
      'TEACHER',
    );
  });

  it('an avatar can be cleared with null', async () => {
    const res = await updateUser(t.app, me, 'avatar', null);
    expect(res.statusCode).toBe(200);
    expect(res.json<User>().avatar).toBeNull();
  });
});

describe('PUT /update-user requests that are refused', () => {
  it("another user's walletAddress in the body answers 403 WALLET_MISMATCH", async () => {
    const other = await createTestUser(t.ctx);
    const before = await currentUser(t.app, me);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/update-user',
      headers: { authorization: me.headers.authorization ?? '' },
      payload: { key: 'displayName', walletAddress: other.walletAddress, updates: 'Hacked' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'WALLET_MISMATCH' });
    await expectUnchanged(before);
  });

  it("another user's wallet in the Wallet header answers 403", async () => {
    const other = await createTestUser(t.ctx);
    const res = await updateUser(t.app, me, 'displayName', 'Hacked', {
      ...me.headers,
      wallet: other.walletAddress,
    });
    expect(res.statusCode).toBe(403);
    expect((await currentUser(t.app, other)).displayName).not.toBe('Hacked');
  });

  it('without a session answers 401', async () => {
    const res = await updateUser(t.app, me, 'displayName', 'Nobody', {});
    expect(res.statusCode).toBe(401);
  });

  it('malformed JSON answers 400', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/update-user',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"key": "settings", "updates": {',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('a body over 100 KB answers 413 and stores nothing', async () => {
    const before = await currentUser(t.app, me);
    const res = await updateUser(t.app, me, 'settings', { big: 'x'.repeat(BODY_LIMIT) });
    expect(res.statusCode).toBe(413);
    await expectUnchanged(before);
  });
});
