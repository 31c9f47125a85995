import type { App } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import { expectStatus } from './calls.ts';
import type { TestUser } from './test-app.ts';

/** Shared by the alert tests: the three routes as a signed-in user, and the notifications they leave. */

export const createAlertCall = (app: App, user: TestUser, body: unknown) =>
  app.inject({
    method: 'POST',
    url: '/alerts',
    headers: user.headers,
    payload: body as Record<string, unknown>,
  });

export const listAlertsCall = (app: App, user: TestUser) =>
  app.inject({ method: 'GET', url: '/alerts', headers: user.headers });

export const deleteAlertCall = (app: App, user: TestUser, id: string) =>
  app.inject({ method: 'DELETE', url: `/alerts/${encodeURIComponent(id)}`, headers: user.headers });

/** Creates an alert that must succeed, and answers its id. */
export async function setAlert(
  app: App,
  user: TestUser,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await createAlertCall(app, user, body);
  expectStatus(res, 201);
  return res.json<{ id: string }>().id;
}

/** The user's notifications, newest first, as stored (integers as numbers: the dialects' types differ). */
export async function notificationsOf(ctx: AppContext, userId: string) {
  const rows = await ctx.db
    .selectFrom('notifications')
    .select(['type', 'text', 'url', 'read', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    type: r.type,
    text: r.text,
    url: r.url,
    read: Number(r.read),
    at: Number(r.created_at),
  }));
}

export async function alertNotices(ctx: AppContext, userId: string) {
  return (await notificationsOf(ctx, userId)).filter((n) => n.text.startsWith('Price alert'));
}
