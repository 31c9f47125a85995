import type { LimitPosition } from '@papertrade/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, WALLET } from '../../test/fixtures.ts';
import { mockApi } from '../../test/mock-api.ts';
import { renderPage } from '../../test/render.tsx';
import { ModifyOrderDialog } from './modify-order-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

const order: LimitPosition = {
  positionId: 'o1',
  symbol: 'SOL',
  type: 'PURCHASE',
  limitAsk: 95,
  purchaseAsk: 500,
  timestamp: 1,
  status: 'WORKING',
};

describe('the Modify dialog', () => {
  it('says which portfolio the order is in', async () => {
    mockApi((r) => (r.path === '/auth/session' ? { body: { user: makeUser() } } : undefined));
    renderPage(
      <ModifyOrderDialog order={order} wallet={WALLET} onClose={() => {}} onDone={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: /^Modify .* SOL$/ });
    expect(await within(dialog).findByText('Trading in Main portfolio')).toBeInTheDocument();
  });
});
