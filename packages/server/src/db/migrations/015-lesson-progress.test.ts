import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.ts';
import { withDatabaseMigratedTo } from '../../../test/migration-database.ts';

describe('migration 015: lesson progress', () => {
  it('moves the lessons read out of the settings into progress rows and keeps the other settings', () =>
    withDatabaseMigratedTo('012-reserved-sells', async (database) => {
      const db = database.db;
      const users = [
        [
          'u1',
          '0xaaa',
          { 'lesson:market-orders': true, 'lesson:stop-loss': true, defaultTradeUnit: 'USD' },
        ],
        ['u2', '0xbbb', { defaultTradeUnit: 'SYMBOL' }],
        ['u3', '0xccc', { 'lesson:paper-trading': false }],
      ] as const;
      for (const [id, wallet, settings] of users) {
        await sql`INSERT INTO users (id, email, email_verified, password_hash, username, username_lower, display_name,
            account_type, wallet_address, settings, watchlist, created_at)
          VALUES (${id}, ${`${id}@example.com`}, 1, 'x', ${id}, ${id}, ${id}, 'STUDENT', ${wallet},
            ${JSON.stringify(settings)}, '[]', 1000)`.execute(db);
      }

      await migrateToLatest(database);

      const rows = await db
        .selectFrom('lesson_progress')
        .select(['user_id', 'lesson', 'read_at', 'attempts', 'best_score'])
        .orderBy('user_id')
        .orderBy('lesson')
        .execute();
      expect(
        rows.map((r) => [
          r.user_id,
          r.lesson,
          r.read_at !== null,
          Number(r.attempts),
          r.best_score,
        ]),
      ).toEqual([
        ['u1', 'market-orders', true, 0, null],
        ['u1', 'stop-loss', true, 0, null],
      ]);
      const settings = await db
        .selectFrom('users')
        .select(['id', 'settings'])
        .orderBy('id')
        .execute();
      expect(settings.map((s) => [s.id, JSON.parse(s.settings) as unknown])).toEqual([
        ['u1', { defaultTradeUnit: 'USD' }],
        ['u2', { defaultTradeUnit: 'SYMBOL' }],
        ['u3', {}],
      ]);
    }));
});
