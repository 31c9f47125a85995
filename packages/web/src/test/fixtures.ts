import {
  STARTING_BALANCE_USD,
  type Asset,
  type Contest,
  type Transaction,
  type User,
} from '@papertrade/domain';

export const WALLET = '0x1234567890abcdef1234567890abcdef12345678';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    walletAddress: WALLET,
    username: 'alice',
    displayName: 'Alice',
    email: 'alice@example.com',
    emailVerified: true,
    twoFactorEnabled: false,
    avatar: null,
    accountType: 'PERSONAL',
    balance: STARTING_BALANCE_USD,
    startingBalance: STARTING_BALANCE_USD,
    assets: {},
    openPositions: {},
    averageCost: {},
    limitPositions: [],
    history: [],
    watchlist: [],
    balanceHistory: [],
    settings: {},
    notifications: [],
    createdAt: 1_700_000_000_000,
    resetAccountData: null,
    version: 1,
    ...overrides,
  };
}

export const BTC: Asset = {
  id: 'btcusd',
  symbol: 'BTC',
  name: 'Bitcoin',
  image: '/icons/assets/btc.svg',
  currentPrice: 40_000,
  dayChangePercentage: 1.5,
  source: 'simulator',
  priceAt: 0,
  stale: false,
  tradable: true,
};

export const ETH: Asset = {
  id: 'ethusd',
  symbol: 'ETH',
  name: 'Ethereum',
  image: '/icons/assets/eth.svg',
  currentPrice: 2_000,
  dayChangePercentage: -2.25,
  source: 'simulator',
  priceAt: 0,
  stale: false,
  tradable: true,
};

export const XRP: Asset = {
  id: 'xrpusd',
  symbol: 'XRP',
  name: 'XRP',
  image: '/icons/assets/xrp.svg',
  currentPrice: 0.5,
  dayChangePercentage: 0,
  source: 'simulator',
  priceAt: 0,
  stale: false,
  tradable: true,
};

export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 'tx1',
    type: 'PURCHASE',
    symbol: 'BTC',
    method: 'MARKET',
    assetsPurchasedSold: 0.0025,
    transactionTotal: 100,
    purchaseSellAsk: 40_000,
    timestamp: 1_700_000_100_000,
    fee: 0,
    ...overrides,
  };
}

/**
 * A running class that replays an hour of BTC at 60 times its speed, `wallet` its member's
 * portfolio in it (docs/api.md, Replay contests).
 */
export function makeReplayContest(wallet: string): Contest {
  return {
    id: 'r1',
    name: 'Crash Class',
    description: '',
    kind: 'CLASS',
    visibility: 'PRIVATE',
    ownerWallet: WALLET,
    startingBalance: STARTING_BALANCE_USD,
    startsAt: 0,
    endsAt: 4_000_000_000_000,
    allowedSymbols: ['BTC'],
    orderTypes: [],
    feeBps: 0,
    feeMinUsd: 0,
    lessons: [],
    members: 12,
    status: 'RUNNING',
    me: { walletAddress: wallet, rank: 1, returnPercentage: 0 },
    priceSource: { kind: 'REPLAY', from: 0, to: 3_600_000, speed: 60 },
  };
}

/**
 * What the API answers a member of replay `contest` (portfolio `wallet`) before anything else: the
 * session in that portfolio, the contest, and its replay with BTC at 20,000; undefined for any
 * other path, which the test answers itself.
 */
export function replayMemberAnswer(
  path: string,
  contest: Contest,
  wallet: string,
): { body: unknown } | undefined {
  if (path === '/auth/session')
    return {
      body: {
        user: makeUser({
          walletAddress: wallet,
          portfolio: { kind: 'CONTEST', contestId: contest.id },
        }),
      },
    };
  if (path === `/contests/${contest.id}`) return { body: contest };
  if (path === `/contests/${contest.id}/replay`)
    return {
      body: {
        ...contest.priceSource,
        replayedAt: 60_000,
        prices: [{ symbol: 'BTC', price: 20_000 }],
      },
    };
  return undefined;
}
