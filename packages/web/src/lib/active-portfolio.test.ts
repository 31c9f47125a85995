import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, WALLET } from '../test/fixtures.ts';
import {
  activeWallet,
  contestChosen,
  forgetActiveWallet,
  reloadActiveWallet,
  routeUserUpdate,
  setActiveWallet,
} from './active-portfolio.ts';

const CONTEST_WALLET = '0xc0ffee0000000000000000000000000000000001';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  reloadActiveWallet();
});

describe('the active portfolio choice', () => {
  it('is the main portfolio until one is chosen, and survives a reload', () => {
    expect(activeWallet('u1')).toBeNull();
    setActiveWallet('u1', CONTEST_WALLET);
    reloadActiveWallet();
    expect(activeWallet('u1')).toBe(CONTEST_WALLET);
  });

  it('belongs to the user who chose it', () => {
    setActiveWallet('u1', CONTEST_WALLET);
    expect(activeWallet('u2')).toBeNull();
  });

  it('is per tab once made: another tab writing localStorage does not move this one', () => {
    setActiveWallet('u1', CONTEST_WALLET);
    localStorage.setItem(
      'active-portfolio',
      JSON.stringify({ userId: 'u1', walletAddress: WALLET }),
    );
    expect(activeWallet('u1')).toBe(CONTEST_WALLET);
    // A new tab has no sessionStorage of its own yet: it starts from localStorage.
    sessionStorage.clear();
    reloadActiveWallet();
    expect(activeWallet('u1')).toBe(WALLET);
  });

  it('ignores a broken stored value and can be forgotten', () => {
    localStorage.setItem('active-portfolio', '{not json');
    expect(activeWallet('u1')).toBeNull();
    setActiveWallet('u1', CONTEST_WALLET);
    forgetActiveWallet();
    reloadActiveWallet();
    expect(activeWallet('u1')).toBeNull();
  });
});

describe('routing /live user messages to the screen', () => {
  const main = makeUser({ balance: 100_000 });
  const contest = makeUser({
    walletAddress: CONTEST_WALLET,
    balance: 5_000,
    portfolio: { kind: 'CONTEST', contestId: 'c1' },
  });

  it("takes the active portfolio's own record whole", () => {
    const update = { ...contest, balance: 4_000 };
    expect(routeUserUpdate(contest, update)).toBe(update);
  });

  it("never shows another portfolio's money", () => {
    const mainTraded = { ...main, balance: 1 };
    expect(routeUserUpdate(contest, mainTraded)).toBe(contest);
  });

  it('brings what every portfolio shares (a new notification) from any of them', () => {
    const note = {
      id: 'n1',
      text: 'Hi',
      type: 'INFORMATIVE' as const,
      url: '/home',
      read: false,
      timestamp: 1,
    };
    const next = routeUserUpdate(contest, { ...main, balance: 1, notifications: [note] });
    expect(next?.notifications).toEqual([note]);
    expect(next?.balance).toBe(5_000);
    expect(next?.walletAddress).toBe(CONTEST_WALLET);
  });

  it("ignores another user's record; before the session answers, takes only a main record", () => {
    expect(routeUserUpdate(contest, { ...main, id: 'u2', notifications: [] })).toBe(contest);
    expect(routeUserUpdate(undefined, contest)).toBeUndefined();
    expect(routeUserUpdate(undefined, main)).toBe(main);
  });
});

describe('preloaded answers', () => {
  it("are the main portfolio's, so a tab on a contest portfolio does not take them", () => {
    expect(contestChosen()).toBe(false);
    setActiveWallet('u1', CONTEST_WALLET);
    expect(contestChosen()).toBe(true);
  });
});
