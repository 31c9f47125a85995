import { randomFillSync } from 'node:crypto';

let lastTime = 0;
let counter = 0;

// Random bytes drawn 4 KB at a time: a tick's fills make thousands of ids, and one randomBytes
// call per id was a measurable part of the limit trigger's time (bench:limits).
const pool = Buffer.alloc(4096);
let used = pool.length;

function randomHex8(): string {
  if (used + 4 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 4;
  return pool.toString('hex', used - 4, used);
}

/**
 * A unique id that sorts by creation time (like a ULID): 9 base-36 characters of milliseconds,
 * a 4-character counter for ids made in the same millisecond, then 8 random characters so ids
 * from several server instances never collide. Ordering by id is ordering by time, which keyset
 * pagination and first-in first-out lots rely on.
 */
export function newId(now = Date.now()): string {
  if (now > lastTime) {
    lastTime = now;
    counter = 0;
  } else {
    counter += 1;
  }
  const time = lastTime.toString(36).padStart(9, '0');
  const seq = counter.toString(36).padStart(4, '0');
  return time + seq + randomHex8();
}
