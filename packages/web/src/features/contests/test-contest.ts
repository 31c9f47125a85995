import { STARTING_BALANCE_USD, type Contest } from '@papertrade/domain';

export const OWNER_WALLET = '0x00000000000000000000000000000000000000aa';
export const CONTEST_WALLET = '0xc0ffee0000000000000000000000000000000001';

/** A running contest as GET /contests/:id answers it, for the tests of this feature. */
export function makeContest(overrides: Partial<Contest> = {}): Contest {
  return {
    id: 'c1',
    name: 'Spring Cup',
    description: 'Two weeks, best return wins.',
    kind: 'CONTEST',
    visibility: 'PRIVATE',
    ownerWallet: OWNER_WALLET,
    ownerUsername: 'mrs_lee',
    startingBalance: STARTING_BALANCE_USD,
    startsAt: Date.now() - 60_000,
    endsAt: Date.now() + 14 * 24 * 3_600_000,
    allowedSymbols: [],
    orderTypes: [],
    feeBps: 0,
    feeMinUsd: 0,
    lessons: [],
    members: 3,
    status: 'RUNNING',
    joinCode: 'SPRING1',
    me: null,
    ...overrides,
  };
}
