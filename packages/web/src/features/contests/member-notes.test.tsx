import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemberNotes } from './member-notes.tsx';

const buy = {
  id: 't1',
  type: 'PURCHASE' as const,
  symbol: 'BTC',
  method: 'MARKET' as const,
  assetsPurchasedSold: 0.01,
  transactionTotal: 500,
  purchaseSellAsk: 50_000,
  timestamp: 1_700_000_000_000,
  fee: 0,
};

describe('MemberNotes', () => {
  it("lists the notes of a member's orders for the teacher, and says when there are none", () => {
    const { unmount } = render(
      <MemberNotes
        record={{
          history: [
            { ...buy, note: 'Buying the dip' },
            { ...buy, id: 't2' },
          ],
        }}
      />,
    );
    const list = screen.getByRole('list', { name: 'Trade notes' });
    expect(list).toHaveTextContent('Buying the dip');
    expect(list).toHaveTextContent('Buy BTC');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    unmount();
    render(<MemberNotes record={{ history: [buy] }} />);
    expect(screen.getByText('No notes on the latest orders yet.')).toBeInTheDocument();
  });
});
