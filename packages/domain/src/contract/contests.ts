import { z } from 'zod';
import { STARTING_BALANCE_MAX, STARTING_BALANCE_MIN } from '../constants.ts';
import { formatUsd } from '../format.ts';
import { isWholeCents } from '../money.ts';
import { FillModel, Symbol, Timestamp, USD_DECIMALS_MESSAGE, WalletAddress } from './primitives.ts';

/**
 * Contests and classes (docs/api.md "Portfolios, contests and classes"): the wire shapes both
 * sides check. The limits of the create form live here so the form and the server agree.
 */

export const ContestKind = z.enum(['CONTEST', 'CLASS']);
export type ContestKind = z.infer<typeof ContestKind>;
export const ContestVisibility = z.enum(['PRIVATE', 'PUBLIC']);
export type ContestVisibility = z.infer<typeof ContestVisibility>;
export const ContestStatus = z.enum(['UPCOMING', 'RUNNING', 'ENDED']);
export type ContestStatus = z.infer<typeof ContestStatus>;

/** Every kind of order a contest can allow (docs/api.md "Orders beyond market and limit"). */
export const CONTEST_ORDER_TYPES = [
  'MARKET',
  'LIMIT',
  'STOP',
  'STOP_LIMIT',
  'TRAILING_STOP',
  'OCO',
] as const;
export const ContestOrderType = z.enum(CONTEST_ORDER_TYPES);
export type ContestOrderType = z.infer<typeof ContestOrderType>;

/** 1 % per fill at most: a higher fee turns a trading game into a fee game. */
export const CONTEST_FEE_BPS_MAX = 100;
export const CONTEST_NAME_MAX = 60;
export const CONTEST_DESCRIPTION_MAX = 500;
export const ANNOUNCEMENT_MAX = 500;

/** The fastest replay: an hour of history per second of the contest. */
export const REPLAY_SPEED_MAX = 3_600;

/**
 * Where a contest's members get their prices (docs/api.md, "Replay contests"): the market's own
 * (LIVE), or imported 1-minute candles of [from, to) played back `speed` times faster from the
 * contest's start, the same for every member; the contest ends when the replay does.
 */
export const PriceSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('LIVE') }),
  z
    .object({
      kind: z.literal('REPLAY'),
      from: Timestamp,
      to: Timestamp,
      speed: z
        .number()
        .int('The replay speed is a whole number')
        .min(1, 'The replay speed is at least 1 (real time)')
        .max(REPLAY_SPEED_MAX, `The replay speed can be at most ${REPLAY_SPEED_MAX}`),
    })
    .superRefine((replay, ctx) => {
      if (replay.to <= replay.from)
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: 'The replayed period must end after it starts',
        });
    }),
]);
export type PriceSource = z.infer<typeof PriceSource>;
export type ReplaySource = Extract<PriceSource, { kind: 'REPLAY' }>;

/** How long a replay lasts on the wall clock: its period divided by its speed, rounded up. */
export function replayDuration(replay: Pick<ReplaySource, 'from' | 'to' | 'speed'>): number {
  return Math.ceil((replay.to - replay.from) / replay.speed);
}

/** The replayed time at wall time `now` of a replay started at `startsAt`, kept within [from, to]. */
export function replayClock(
  replay: Pick<ReplaySource, 'from' | 'to' | 'speed'>,
  startsAt: number,
  now: number,
): number {
  const t = replay.from + (now - startsAt) * replay.speed;
  return Math.min(replay.to, Math.max(replay.from, t));
}

/** GET /contests/:id/replay: the replay's clock and its prices at this moment. */
export const ReplayAnswer = z.object({
  from: Timestamp,
  to: Timestamp,
  speed: z.number().int(),
  /** The replayed moment now (from + time since the start x speed, within [from, to)). */
  replayedAt: Timestamp,
  prices: z.array(z.object({ symbol: Symbol, price: z.number() })),
});
export type ReplayAnswer = z.infer<typeof ReplayAnswer>;
/** Which figure ranks a contest's board (docs/api.md, "Class rules and reports"). */
export const ContestRankBy = z.enum(['RETURN', 'SHARPE']);
export type ContestRankBy = z.infer<typeof ContestRankBy>;
export const MAX_POSITION_PERCENT_MIN = 10;
export const MAX_POSITION_PERCENT_MAX = 100;
export const MAX_TRADES_PER_DAY_MAX = 1_000;

export const ContestMe = z.object({
  walletAddress: WalletAddress,
  /** null until the board has ranked the portfolio (e.g. before the first valuation). */
  rank: z.number().int().nullable(),
  returnPercentage: z.number(),
});
export type ContestMe = z.infer<typeof ContestMe>;

export const Contest = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().default(''),
  kind: ContestKind,
  visibility: ContestVisibility,
  ownerWallet: WalletAddress,
  ownerUsername: z.string().optional(),
  startingBalance: z.number(),
  startsAt: Timestamp,
  endsAt: Timestamp,
  /** Empty: every asset. */
  allowedSymbols: z.array(Symbol),
  /** Empty: every order type. */
  orderTypes: z.array(z.string()),
  feeBps: z.number(),
  feeMinUsd: z.number(),
  /** Lesson slugs a CLASS points its members to. */
  lessons: z.array(z.string()).default([]),
  /** Always sent by the server; absent reads as LIVE. */
  priceSource: PriceSource.optional(),
  /** Class rules (docs/api.md, "Class rules and reports"); null: no such rule. Always sent; optional for older answers. */
  maxPositionPercent: z.number().int().nullable().optional(),
  maxTradesPerDay: z.number().int().nullable().optional(),
  requireNotes: z.boolean().optional(),
  rankBy: ContestRankBy.optional(),
  /** BOOK when absent (docs/api.md, "Realistic fills"). */
  fillModel: FillModel.optional(),
  members: z.number().int().nonnegative(),
  status: ContestStatus,
  /** Only for the owner and members. */
  joinCode: z.string().optional(),
  me: ContestMe.nullable().optional(),
});
export type Contest = z.infer<typeof Contest>;

export const ContestScope = z.enum(['joined', 'owned', 'public']);
export type ContestScope = z.infer<typeof ContestScope>;
export const ContestsPage = z.object({
  items: z.array(Contest),
  nextCursor: z.string().nullable(),
});

const name = z
  .string()
  .trim()
  .min(3, 'Give the contest a name of at least 3 characters')
  .max(CONTEST_NAME_MAX, `The name can be at most ${CONTEST_NAME_MAX} characters`);
const description = z
  .string()
  .trim()
  .max(
    CONTEST_DESCRIPTION_MAX,
    `The description can be at most ${CONTEST_DESCRIPTION_MAX} characters`,
  );
/** The same range a reset offers (docs/api.md, Core calls: reset-user): a contest is no place for new extremes. */
const startingBalance = z
  .number({ error: 'Enter a starting balance' })
  .min(
    STARTING_BALANCE_MIN,
    `The starting balance must be at least ${formatUsd(STARTING_BALANCE_MIN)}`,
  )
  .max(
    STARTING_BALANCE_MAX,
    `The starting balance can be at most ${formatUsd(STARTING_BALANCE_MAX)}`,
  )
  .refine(isWholeCents, USD_DECIMALS_MESSAGE);
const feeBps = z
  .number()
  .int('The fee is a whole number of basis points')
  .min(0, 'The fee cannot be negative')
  .max(CONTEST_FEE_BPS_MAX, 'The fee can be at most 100 basis points (1%)');
const feeMinUsd = z
  .number()
  .min(0, 'The minimum fee cannot be negative')
  .max(1_000)
  .refine(isWholeCents, USD_DECIMALS_MESSAGE);
const maxPositionPercent = z
  .number()
  .int('The position limit is a whole percent')
  .min(MAX_POSITION_PERCENT_MIN, `The position limit must be at least ${MAX_POSITION_PERCENT_MIN}%`)
  .max(MAX_POSITION_PERCENT_MAX, `The position limit can be at most ${MAX_POSITION_PERCENT_MAX}%`)
  .nullable();
const maxTradesPerDay = z
  .number()
  .int('The trade limit is a whole number')
  .min(1, 'Allow at least 1 trade a day')
  .max(MAX_TRADES_PER_DAY_MAX, `The trade limit can be at most ${MAX_TRADES_PER_DAY_MAX} a day`)
  .nullable();
/** The class rules an owner sets on create and edit; null clears one. */
const classRules = {
  maxPositionPercent: maxPositionPercent.optional(),
  maxTradesPerDay: maxTradesPerDay.optional(),
  requireNotes: z.boolean().optional(),
  rankBy: ContestRankBy.optional(),
  /** How the class's fills are priced (docs/api.md, "Realistic fills"); BOOK when left out. */
  fillModel: FillModel.optional(),
};

export const CreateContestBody = z
  .object({
    name,
    kind: ContestKind,
    visibility: ContestVisibility,
    startingBalance,
    startsAt: Timestamp,
    endsAt: Timestamp,
    allowedSymbols: z.array(Symbol).optional(),
    orderTypes: z.array(ContestOrderType).optional(),
    feeBps: feeBps.optional(),
    feeMinUsd: feeMinUsd.optional(),
    description: description.optional(),
    lessons: z.array(z.string().max(80)).max(50).optional(),
    /** REPLAY sets the end itself: startsAt plus the replay's duration (endsAt is then ignored). */
    priceSource: PriceSource.optional(),
    ...classRules,
  })
  .superRefine((body, ctx) => {
    if (body.priceSource?.kind === 'REPLAY') return;
    if (body.endsAt <= body.startsAt)
      ctx.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: 'The end must be after the start',
      });
  });
export type CreateContestBody = z.infer<typeof CreateContestBody>;

export const UpdateContestBody = z.object({
  name: name.optional(),
  description: description.optional(),
  endsAt: Timestamp.optional(),
  lessons: z.array(z.string().max(80)).max(50).optional(),
  end: z.literal(true).optional(),
  startingBalance: startingBalance.optional(),
  allowedSymbols: z.array(Symbol).optional(),
  orderTypes: z.array(ContestOrderType).optional(),
  feeBps: feeBps.optional(),
  feeMinUsd: feeMinUsd.optional(),
  /** Before the start only, like the other rules; a REPLAY moves the end with it. */
  priceSource: PriceSource.optional(),
  ...classRules,
});
export type UpdateContestBody = z.infer<typeof UpdateContestBody>;

export const JoinContestBody = z.union([
  z.object({ code: z.string().trim().min(1).max(32) }),
  z.object({ contestId: z.string().min(1) }),
]);
export const JoinContestAnswer = z.object({ contest: Contest, walletAddress: WalletAddress });
export type JoinContestAnswer = z.infer<typeof JoinContestAnswer>;

export const ContestBoardRow = z.object({
  rank: z.number().int(),
  walletAddress: WalletAddress,
  username: z.string(),
  avatar: z.string().nullable(),
  totalBalance: z.number(),
  returnPercentage: z.number(),
  /** Sharpe ratio of daily returns (docs/api.md); null with fewer than two daily returns or none varying. */
  sharpe: z.number().nullable().optional(),
  trades: z.number().int().nonnegative(),
});
export type ContestBoardRow = z.infer<typeof ContestBoardRow>;
export const ContestBoardPage = z.object({
  items: z.array(ContestBoardRow),
  nextCursor: z.string().nullable(),
});
export type ContestBoardPage = z.infer<typeof ContestBoardPage>;

export const ReturnsSeries = z.object({
  walletAddress: WalletAddress,
  username: z.string(),
  points: z.array(z.object({ timestamp: Timestamp, returnPercentage: z.number() })),
});
export type ReturnsSeries = z.infer<typeof ReturnsSeries>;
export const ContestReturnsAnswer = z.array(ReturnsSeries);

export const ContestMember = z.object({
  walletAddress: WalletAddress,
  username: z.string(),
  displayName: z.string(),
  email: z.string().optional(),
  totalBalance: z.number(),
  returnPercentage: z.number(),
  trades: z.number().int().nonnegative(),
  lastActiveAt: Timestamp.nullable(),
  rank: z.number().int().nullable(),
  /** The teacher's report (docs/api.md, "Class rules and reports"). */
  sharpe: z.number().nullable().optional(),
  lessonsRead: z.number().int().nonnegative().optional(),
  /** Mean of the member's best quiz scores, in percent; null before any quiz. */
  quizAverage: z.number().nullable().optional(),
  notes: z.number().int().nonnegative().optional(),
});
export type ContestMember = z.infer<typeof ContestMember>;
export const ContestMembersAnswer = z.array(ContestMember);

export const AnnouncementBody = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Write the announcement first')
    .max(ANNOUNCEMENT_MAX, `An announcement can be at most ${ANNOUNCEMENT_MAX} characters`),
});

export const PortfolioKind = z.enum(['MAIN', 'CONTEST']);
export type PortfolioKind = z.infer<typeof PortfolioKind>;
/** Which portfolio a User record is (docs/api.md, Shapes: `User.portfolio`). */
export const PortfolioRef = z.object({ kind: PortfolioKind, contestId: z.string().optional() });
export type PortfolioRef = z.infer<typeof PortfolioRef>;

export const PortfolioSummary = z.object({
  walletAddress: WalletAddress,
  kind: PortfolioKind,
  contestId: z.string().optional(),
  name: z.string(),
  status: ContestStatus.optional(),
});
export type PortfolioSummary = z.infer<typeof PortfolioSummary>;
/** GET /portfolios: the main portfolio first, then one per membership. */
export const PortfoliosAnswer = z.array(PortfolioSummary);

/** /live: a contest's board changed (sent to its members' and owner's sockets). */
export const ContestLiveMessage = z.object({
  type: z.literal('contest'),
  contestId: z.string(),
  leaderboard: z.array(ContestBoardRow),
  at: Timestamp,
});
export type ContestLiveMessage = z.infer<typeof ContestLiveMessage>;
/**
 * /live: a class's members did something its teacher's tables count (an order, a fill, a lesson
 * read, a quiz taken): sent to the class owner's sockets, who refetch the assignments table and
 * the quiz results (docs/api.md, Class assignments).
 */
export const ClassProgressLiveMessage = z.object({
  type: z.literal('class-progress'),
  contestId: z.string(),
  at: Timestamp,
});
export type ClassProgressLiveMessage = z.infer<typeof ClassProgressLiveMessage>;
