import type { User } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { currentUser, updateUser } from '../../../test/calls.ts';
import { createTestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { notify } from '../../users/notify.ts';

const {
  t,
  users: [me],
} = useTestApp({ users: 1 });

describe('PUT /update-user notifications', () => {
  async function seed() {
    const mine = [
      await notify(t.ctx.db, { userId: me.id, type: 'INFORMATIVE', text: 'one', url: '/home' }),
      await notify(t.ctx.db, { userId: me.id, type: 'INFORMATIVE', text: 'two', url: '/home' }),
      await notify(t.ctx.db, { userId: me.id, type: 'TRANSACTION', text: 'three', url: '/home' }),
    ];
    const other = await createTestUser(t.ctx);
    const theirs = await notify(t.ctx.db, {
      userId: other.id,
      type: 'INFORMATIVE',
      text: 'not yours',
      url: '/home',
    });
    return { mine, other, theirs };
  }
  const readOf = (user: User) =>
    Object.fromEntries(user.notifications.map((n) => [n.text, n.read]));

  it('markRead marks only the listed notifications of the caller', async () => {
    const { mine, other, theirs } = await seed();
    const res = await updateUser(t.app, me, 'notifications', { markRead: [mine[0], theirs] });
    expect(res.statusCode).toBe(200);
    expect(readOf(res.json<User>())).toEqual({ one: true, two: false, three: false });
    expect(readOf(await currentUser(t.app, other))).toEqual({ 'not yours': false });
  });

  it('markAllRead marks every notification of the caller', async () => {
    const { other } = await seed();
    const res = await updateUser(t.app, me, 'notifications', { markAllRead: true });
    expect(readOf(res.json<User>())).toEqual({ one: true, two: true, three: true });
    expect(readOf(await currentUser(t.app, other))).toEqual({ 'not yours': false });
  });

  it("delete removes the caller's listed notifications and never another user's", async () => {
    const { mine, other, theirs } = await seed();
    const res = await updateUser(t.app, me, 'notifications', { delete: [mine[1], theirs] });
    expect(
      res
        .json<User>()
        .notifications.map((n) => n.text)
        .sort(),
    ).toEqual(['one', 'three']);
    expect((await currentUser(t.app, other)).notifications).toHaveLength(1);
  });

  it('an unknown shape answers 400', async () => {
    const res = await updateUser(t.app, me, 'notifications', { markRead: 'all' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'updates' });
  });
});
