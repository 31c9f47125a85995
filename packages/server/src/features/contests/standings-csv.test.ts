import type { Contest } from '@papertrade/domain';
import { describe, expect, it } from 'vitest';
import { expectStatus, setPrice } from '../../../test/calls.ts';
import { createTestUser, type TestUser } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { contestKit } from '../../../test/contest-kit.ts';

const { t } = useTestApp();

const { call } = contestKit(t);

describe('GET /contests/:id/standings.csv', () => {
  it("a class's standings carry an e-mail such as +1+2@example.test as text a spreadsheet does not evaluate, and a negative return as a number", async () => {
    await setPrice(t.app, 'BTC', 50_000);
    const teacher = await createTestUser(t.ctx);
    await t.ctx.db
      .updateTable('users')
      .set({ email_verified: 1, account_type: 'TEACHER' })
      .where('id', '=', teacher.id)
      .execute();
    const now = Date.now();
    const created = await call(teacher, 'POST', '/contests', {
      name: 'Period 3',
      kind: 'CLASS',
      visibility: 'PRIVATE',
      startingBalance: 10_000,
      startsAt: now - 1_000,
      endsAt: now + 3_600_000,
    });
    expectStatus(created, 201);
    const klass = created.json<Contest>();
    const students = [await createTestUser(t.ctx), await createTestUser(t.ctx)];
    const emails = ['+1+2@example.test', '-2+3,"x"@example.test'];
    for (const [i, student] of students.entries()) {
      await t.ctx.db
        .updateTable('users')
        .set({ email: emails[i] ?? '' })
        .where('id', '=', student.id)
        .execute();
      expectStatus(await call(student, 'POST', '/contests/join', { code: klass.joinCode }), 201);
    }
    // The second student buys and the price falls: a negative return.
    const wallet = (
      await t.ctx.db
        .selectFrom('portfolios')
        .select('wallet_address')
        .where('user_id', '=', students[1]?.id ?? '')
        .where('contest_id', '=', klass.id)
        .executeTakeFirstOrThrow()
    ).wallet_address;
    expectStatus(
      await call(
        students[1] as TestUser,
        'POST',
        '/purchase-asset',
        { walletAddress: wallet, symbol: 'BTC', assetAmount: 5_000, unit: 'USD' },
        wallet,
      ),
      200,
    );
    await setPrice(t.app, 'BTC', 40_000);

    const csv = await call(teacher, 'GET', `/contests/${klass.id}/standings.csv`);
    expectStatus(csv, 200);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      'rank,username,email,total,return_percent,sharpe,trades,lessons_read,quiz_average,notes',
    );
    expect(lines[1]).toMatch(/^1,user\w+,'\+1\+2@example\.test,10000\.00,0\.00,,0,0,,0$/);
    expect(lines[2]).toMatch(/^2,user\w+,"'-2\+3,""x""@example\.test",9000\.00,-10\.00,,1,0,,0$/);
    expect(lines[3]).toBe('');
  });
});
