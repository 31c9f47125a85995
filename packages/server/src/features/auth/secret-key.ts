import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';

const STATE_KEY = 'secret-key';
const loaded = new WeakMap<Kysely<DB>, Promise<Buffer>>();

/**
 * The HMAC key that signs device cookies. SECRET_KEY wins when set; otherwise a random key is
 * generated on first use and kept in market_state, so every instance on one database signs and
 * checks alike and cookies survive restarts. Insert-if-absent, then read: of two instances racing
 * at first start, both end up with whichever key was stored first.
 */
export function secretKey(db: Kysely<DB>, config: Pick<Config, 'secretKey'>): Promise<Buffer> {
  if (config.secretKey) return Promise.resolve(Buffer.from(config.secretKey, 'utf8'));
  let key = loaded.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insertInto('market_state')
        .values({ key: STATE_KEY, value: randomBytes(32).toString('base64') })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await db
        .selectFrom('market_state')
        .select('value')
        .where('key', '=', STATE_KEY)
        .executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64');
    })();
    // A failed read (database briefly away) must not stick: the next login tries again.
    key.catch(() => loaded.delete(db));
    loaded.set(db, key);
  }
  return key;
}
