import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.ts';
import { withDatabaseMigratedTo } from '../../../test/migration-database.ts';

describe('migration 010: notifications by user', () => {
  it('keeps every notification and its id unique, and reads a user newest first from one range on SQLite', () =>
    withDatabaseMigratedTo('009-brackets-and-oco', async (database) => {
      const db = database.db;
      for (const [id, wallet] of [
        ['u1', '0xaaa'],
        ['u2', '0xbbb'],
      ] as const) {
        await sql`INSERT INTO users (id, email, email_verified, password_hash, username, username_lower, display_name,
            account_type, wallet_address, settings, watchlist, created_at)
          VALUES (${id}, ${`${id}@example.com`}, 1, 'x', ${id}, ${id}, ${id}, 'STUDENT', ${wallet}, '{}', '[]', 1000)`.execute(
          db,
        );
      }
      const before = [
        ['n1', 'u1', 'TRANSACTION', 'first', '/a', 1, 2000],
        ['n2', 'u2', 'INFORMATIVE', 'other user', '/b', 0, 2500],
        ['n3', 'u1', 'TRANSACTION', 'same time, later id', '/c', 0, 3000],
        ['n0', 'u1', 'TRANSACTION', 'same time, earlier id', '/d', 0, 3000],
      ] as const;
      for (const [id, user, type, text, url, read, at] of before) {
        await sql`INSERT INTO notifications (id, user_id, type, text, url, read, created_at)
          VALUES (${id}, ${user}, ${type}, ${text}, ${url}, ${read}, ${at})`.execute(db);
      }

      await migrateToLatest(database);

      const rows = await db
        .selectFrom('notifications')
        .select(['id', 'user_id', 'type', 'text', 'url', 'read', 'created_at'])
        .orderBy('id')
        .execute();
      expect(
        rows.map((r) => [
          r.id,
          r.user_id,
          r.type,
          r.text,
          r.url,
          Number(r.read),
          Number(r.created_at),
        ]),
      ).toEqual([...before].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map((r) => [...r]));
      const newest = await db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', 'u1')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      expect(newest.map((r) => r.id)).toEqual(['n3', 'n0', 'n1']);
      await expect(
        sql`INSERT INTO notifications (id, user_id, type, text, url, read, created_at) VALUES ('n1', 'u2', 'INFORMATIVE', 'x', '/', 0, 9000)`.execute(
          db,
        ),
      ).rejects.toThrow(/unique/i);

      if (database.dialect === 'sqlite') {
        const { rows: plan } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN
          SELECT * FROM notifications WHERE user_id = 'u1' ORDER BY created_at DESC, id DESC LIMIT 100`.execute(
          db,
        );
        expect(plan.map((p) => p.detail).join('\n')).toMatch(
          /SEARCH notifications USING PRIMARY KEY \(user_id=\?\)/,
        );
        expect(plan.map((p) => p.detail).join('\n')).not.toMatch(/TEMP B-TREE/);
      }
    }));
});
