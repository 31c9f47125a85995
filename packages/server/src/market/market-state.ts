import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { isRandomState, seedState, type RandomState } from './random.ts';

/** The simulator's memory between ticks and across restarts, one row of market_state. */
export interface SimulatorState {
  rng: RandomState;
  lastTickAt: number;
}

export const STATE_KEY = 'simulator';

type Db = Kysely<DB> | Transaction<DB>;

/** Reads the state; a missing or damaged row restarts the stream from the seed. */
export function parseState(value: string | undefined, seed: string, now: number): SimulatorState {
  if (value) {
    try {
      const parsed = JSON.parse(value) as Partial<SimulatorState>;
      if (isRandomState(parsed.rng) && typeof parsed.lastTickAt === 'number') {
        return { rng: parsed.rng, lastTickAt: parsed.lastTickAt };
      }
    } catch {
      // fall through to a fresh state
    }
  }
  return { rng: seedState(seed), lastTickAt: now };
}

export async function saveState(db: Db, state: SimulatorState): Promise<void> {
  const value = JSON.stringify(state);
  await db
    .insertInto('market_state')
    .values({ key: STATE_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
