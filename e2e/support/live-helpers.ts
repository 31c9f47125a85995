import type { Page } from '@playwright/test';

/**
 * Opens `path` and waits until the app's GET /live socket has delivered the user record, so
 * what the test does next is seen through the socket rather than the page's first load.
 */
export async function openLive(page: Page, path: string): Promise<void> {
  // Listen from the socket's first moment: the server sends prices and the user on connect.
  const userArrived = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname !== '/live') return;
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('"type":"user"')) resolve();
      });
    });
  });
  await page.goto(path);
  await userArrived;
}
