import { afterEach, expect, it } from 'vitest';
import { connectLive, listenLive, type Received } from '../../../test/live-test-socket.ts';
import { setPrice } from '../../../test/calls.ts';
import { createTestApp, createTestUser } from '../../../test/test-app.ts';
import { setAlert } from '../../../test/alert-test-kit.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const hasAlertNotice = (m: Received) =>
  m.type === 'user' &&
  (m.user as { notifications: { text: string }[] }).notifications.some((n) =>
    n.text.startsWith('Price alert: BTC rose'),
  );

it("a fired alert reaches the owner's open screens as a /live user message carrying the notification", async () => {
  const t = await createTestApp();
  cleanups.push(() => t.close());
  const url = await listenLive(t.app);
  const user = await createTestUser(t.ctx);
  const socket = connectLive(url, { authorization: `Bearer ${user.token}` }, (end) =>
    cleanups.push(end),
  );
  await socket.next((m) => m.type === 'user');

  await setAlert(t.app, user, { symbol: 'BTC', above: 96_000 });
  await setPrice(t.app, 'BTC', 96_500);
  const message = await socket.next(hasAlertNotice);
  const [notice] = (message.user as { notifications: Record<string, unknown>[] }).notifications;
  expect(notice).toMatchObject({
    type: 'INFORMATIVE',
    text: 'Price alert: BTC rose to $96,500.00, at or above your alert at $96,000.00',
    url: '/asset?pair=btcusd',
    read: false,
  });
});
