import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BusEvent } from '../../realtime/event-bus.ts';
import { createTestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { notify } from '../../users/notify.ts';
import { fakeImage, uploadAvatar } from '../../../test/account-test-helpers.ts';
import { uploadsDir } from './upload-files.ts';

const {
  t,
  users: [me],
} = useTestApp({ users: 1 });

const deleteUser = (body: Record<string, unknown>, headers: Record<string, string> = me.headers) =>
  t.app.inject({
    method: 'DELETE',
    url: '/delete-user',
    headers,
    payload: { walletAddress: me.walletAddress, ...body },
  });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
const count = async (table: 'users' | 'sessions' | 'notifications' | 'follows' | 'transactions') =>
  Number(
    (
      await t.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('DELETE /delete-user', () => {
  it('removes the login, the data and the uploads; the token and the password stop working', async () => {
    const other = await createTestUser(t.ctx);
    const mine = (await uploadAvatar(t.app, me, fakeImage('png'))).json<{ url: string }>().url;
    const theirs = (await uploadAvatar(t.app, other, fakeImage('png'))).json<{ url: string }>().url;
    await notify(t.ctx.db, { userId: me.id, type: 'INFORMATIVE', text: 'hello', url: '/home' });
    const buy = await t.app.inject({
      method: 'POST',
      url: '/purchase-asset',
      headers: me.headers,
      payload: { walletAddress: me.walletAddress, symbol: 'BTC', assetAmount: 100, unit: 'USD' },
    });
    expect(buy.statusCode).toBe(200);
    await t.ctx.db
      .insertInto('follows')
      .values({ follower_id: other.id, followee_id: me.id, created_at: Date.now() })
      .execute();
    const events: BusEvent[] = [];
    t.ctx.bus.subscribe((e) => events.push(e));

    const res = await deleteUser({ currentPassword: me.password });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'session')?.value).toBe('');
    expect(events).toContainEqual({ type: 'user-deleted', userId: me.id });

    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/session', headers: me.headers })).statusCode,
    ).toBe(401);
    const again = await login(me.email, me.password);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    const dir = uploadsDir(t.dataDir);
    expect(existsSync(path.join(dir, path.basename(mine)))).toBe(false);
    expect(existsSync(path.join(dir, path.basename(theirs)))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: mine })).statusCode).toBe(404);
    expect(await count('users')).toBe(1);
    expect(await count('notifications')).toBe(0);
    expect(await count('follows')).toBe(0);
    expect(await count('transactions')).toBe(0);
    expect(await count('sessions')).toBe(1);
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });

  it('a wrong password answers 401 and deletes nothing', async () => {
    const res = await deleteUser({ currentPassword: 'not my password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await count('users')).toBe(1);
    expect((await login(me.email, me.password)).statusCode).toBe(200);
  });

  it("another user's walletAddress answers 403 and deletes nobody", async () => {
    const other = await createTestUser(t.ctx);
    const res = await deleteUser({
      walletAddress: other.walletAddress,
      currentPassword: me.password,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'WALLET_MISMATCH' });
    expect(await count('users')).toBe(2);
  });

  it('without a session answers 401; without the password 400', async () => {
    expect((await deleteUser({ currentPassword: me.password }, {})).statusCode).toBe(401);
    const noPassword = await deleteUser({});
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'currentPassword' });
    expect(await count('users')).toBe(1);
  });
});
