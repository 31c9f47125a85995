import type { Notification, User } from '@papertrade/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { renderPage } from '../../test/render.tsx';
import { FillToast, MAX_SHOWN_TOASTS, newLiveNotices } from './fill-toast.tsx';

const note = (id: string, over: Partial<Notification> = {}): Notification => ({
  id,
  text: `Limit order filled ${id}`,
  type: 'TRANSACTION',
  url: `/transaction?id=${id}`,
  read: false,
  timestamp: 1,
  ...over,
});

/** The toasts of a shell whose user had `before`; `arrive` is a /live message bringing more. */
function shellWith(before: readonly Notification[]) {
  let setUser: (update: (user: User) => User) => void = () => undefined;
  function Harness() {
    const [user, set] = useState(() => makeUser({ notifications: [...before] }));
    const [known] = useState(() => new Set(before.map((n) => n.id)));
    setUser = set;
    return <FillToast user={user} known={known} />;
  }
  renderPage(<Harness />);
  return {
    arrive(...arrived: Notification[]) {
      act(() =>
        setUser((user) => ({ ...user, notifications: [...arrived, ...user.notifications] })),
      );
    },
  };
}

describe('live notice toasts', () => {
  it('announces every new unread fill and price alert once, oldest first', () => {
    const seen = new Set(['a']);
    expect(newLiveNotices(seen, [note('a')])).toEqual([]);
    expect(
      newLiveNotices(seen, [
        note('c'),
        note('b', { type: 'INFORMATIVE', url: '/asset?pair=btcusd' }),
        note('a'),
      ]).map((n) => n.id),
    ).toEqual(['b', 'c']);
    expect(newLiveNotices(seen, [note('c'), note('b'), note('a')])).toEqual([]);
    expect(newLiveNotices(seen, [note('d', { type: 'NEW_FOLLOWER' })])).toEqual([]);
    expect(newLiveNotices(seen, [note('e', { type: 'INFORMATIVE' })])).toEqual([]);
    expect(newLiveNotices(seen, [note('f', { read: true })])).toEqual([]);
  });

  it('two fills arriving together show two toasts, each an alert with its own text', async () => {
    const shell = shellWith([note('old')]);
    shell.arrive(
      note('f2', { text: 'Limit order filled: bought 1 BTC' }),
      note('f1', { text: 'Stop order filled: sold 2 ETH' }),
    );
    const toasts = await screen.findAllByRole('alert');
    expect(toasts.map((t) => t.textContent)).toEqual([
      expect.stringContaining('Stop order filled: sold 2 ETH'),
      expect.stringContaining('Limit order filled: bought 1 BTC'),
    ]);
    expect(screen.queryByText(/Limit order filled old/)).toBeNull();
  });

  it('a price alert firing shows a toast that leads to the asset', async () => {
    const shell = shellWith([]);
    shell.arrive(
      note('p1', {
        type: 'INFORMATIVE',
        text: 'Price alert: BTC rose to $96,500.00',
        url: '/asset?pair=btcusd',
      }),
    );
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Price alert: BTC rose to $96,500.00');
    expect(within(toast).getByRole('button', { name: 'View' })).toBeVisible();
  });

  it("a fill that came between the shell's first render and the toasts' is still announced", async () => {
    const user = makeUser({
      notifications: [note('new', { text: 'Limit order filled early' }), note('old')],
    });
    renderPage(<FillToast user={user} known={new Set(['old'])} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Limit order filled early');
  });

  it('each toast can be closed, and toasts past the few shown wait for a place', async () => {
    const shell = shellWith([]);
    const many = Array.from({ length: MAX_SHOWN_TOASTS + 1 }, (_, i) =>
      note(`n${i}`, { text: `Fill number ${i}` }),
    ).reverse();
    shell.arrive(...many);
    expect(await screen.findAllByRole('alert')).toHaveLength(MAX_SHOWN_TOASTS);
    expect(screen.queryByText(`Fill number ${MAX_SHOWN_TOASTS}`)).toBeNull();
    fireEvent.click(
      within(screen.getAllByRole('alert')[0]!).getByRole('button', { name: 'Close' }),
    );
    expect(screen.queryByText('Fill number 0')).toBeNull();
    expect(await screen.findByText(`Fill number ${MAX_SHOWN_TOASTS}`)).toBeInTheDocument();
  });
});
