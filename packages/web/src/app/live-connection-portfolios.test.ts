import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContestBoardPage, ContestBoardRow, User } from '@papertrade/domain';
import { makeUser } from '../test/fixtures.ts';
import { testQueryClient } from '../test/render.tsx';
import { contestBoardQueryKey } from '../features/contests/api/get-contest-leaderboard.ts';
import { liveStatus } from '../lib/live-socket.ts';
import { startLive } from './live-connection.ts';

class FakeWebSocket {
  static last: FakeWebSocket | null = null;
  readyState = 1;
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.last = this;
  }
  send() {}
  close() {}
}

beforeEach(() => vi.stubGlobal('WebSocket', FakeWebSocket));
afterEach(() => {
  vi.unstubAllGlobals();
  liveStatus.set(false);
});

const CONTEST_WALLET = '0xc0ffee0000000000000000000000000000000001';
const row = (rank: number, username: string): ContestBoardRow => ({
  rank,
  walletAddress: `0x${String(rank).padStart(40, '0')}`,
  username,
  avatar: null,
  totalBalance: 100_000,
  returnPercentage: 0,
  trades: 0,
});

function open() {
  const queryClient = testQueryClient();
  const connection = startLive(queryClient);
  const socket = FakeWebSocket.last!;
  socket.onopen?.({});
  const send = (message: unknown) => socket.onmessage?.({ data: JSON.stringify(message) });
  return { queryClient, connection, send };
}

describe('live messages with several portfolios', () => {
  it("shows only the active portfolio's money; shared fields come from any portfolio", () => {
    const { queryClient, connection, send } = open();
    const contest = makeUser({
      walletAddress: CONTEST_WALLET,
      balance: 5_000,
      portfolio: { kind: 'CONTEST', contestId: 'c1' },
    });
    queryClient.setQueryData(['session'], contest);
    send({ type: 'user', user: makeUser({ balance: 1, portfolio: { kind: 'MAIN' } }) });
    expect(queryClient.getQueryData<User>(['session'])).toBe(contest);

    send({ type: 'user', user: { ...contest, balance: 4_000 } });
    expect(queryClient.getQueryData<User>(['session'])?.balance).toBe(4_000);
    connection.close();
  });

  it("a contest message replaces that contest's cached board, keeping the page cursor", () => {
    const { queryClient, connection, send } = open();
    queryClient.setQueryData<ContestBoardPage>(contestBoardQueryKey('c1'), {
      items: [row(1, 'ann')],
      nextCursor: 'next',
    });
    send({ type: 'contest', contestId: 'c1', leaderboard: [row(1, 'bob'), row(2, 'ann')], at: 5 });
    expect(queryClient.getQueryData(contestBoardQueryKey('c1'))).toEqual({
      items: [row(1, 'bob'), row(2, 'ann')],
      nextCursor: 'next',
    });
    connection.close();
  });
});
