import { WalletAddress } from '@papertrade/domain';
import { z } from 'zod';
import type { BoardCache } from '../src/features/contests/contest-board.ts';
import type { EndedContest } from '../src/features/contests/contest-end.ts';

/** What the contest routes share with each other and with the contest jobs of the same app (feature.ts). */
export interface ContestShared {
  boards: BoardCache;
  /** After an end (by the clock or by the owner): every member's screens hear, and the board is fresh. */
  afterEnd: (ended: EndedContest) => void;
}

export const PAGE = 20;
export const IdParams = z.object({ id: z.string().min(1).max(64) });
export const MemberParams = z.object({
  id: z.string().min(1).max(64),
  walletAddress: WalletAddress,
});
export const OffsetCursor = z
  .string()
  .regex(/^\d{1,6}$/)
  .optional();
export const tags = ['contests'];
