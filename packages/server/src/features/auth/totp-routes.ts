import {
  OkAnswer,
  TotpDisableBody,
  TotpEnableAnswer,
  TotpEnableBody,
  TotpSetupAnswer,
  TotpSetupBody,
} from '@papertrade/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { inUserTransaction } from '../../db/transaction.ts';
import { AppError, conflict } from '../../http/app-error.ts';
import { requireUser, sessionUser } from './guard.ts';
import { ACCOUNT_RULE } from './login-throttle.ts';
import { assertSlot, clearLimit, takeBackoffSlot } from './rate-limit.ts';
import { reauthenticate } from './reauthenticate.ts';
import {
  decryptSecret,
  encryptSecret,
  newRecoveryCodes,
  recoveryCodeHash,
  twoFactorEnabled,
  useSecondFactor,
} from './second-factor.ts';
import { secretKey } from './secret-key.ts';
import { matchTotpStep, newTotpSecret, otpauthUrl } from './totp.ts';

const wrongCode = () =>
  new AppError(
    400,
    'INVALID_TOTP',
    'That authentication code is wrong or was already used',
    'code',
  );
const notPending = () => conflict('TOTP_NOT_PENDING', 'Start two-factor setup first');
const alreadyEnabled = () =>
  conflict('TOTP_ALREADY_ENABLED', 'Two-factor authentication is already on');
const notEnabled = () => conflict('TOTP_NOT_ENABLED', 'Two-factor authentication is not on');
/** Code guesses of a signed-in user (enable, disable): the login account rule, per user. */
const codeKey = (userId: string) => `totp:${userId}`;

/** The optional TOTP second factor: setup, enable, disable (docs/api.md "Two-factor authentication"). */
export function totpRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, bus } = ctx;

  r.post(
    '/auth/totp/setup',
    {
      schema: { tags: ['auth'], body: TotpSetupBody, response: { 200: TotpSetupAnswer } },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const me = sessionUser(request);
      const user = await reauthenticate(db, reply, me.id, request.body.currentPassword);
      if (await twoFactorEnabled(db, me.id)) throw alreadyEnabled();
      const secret = newTotpSecret();
      const stored = encryptSecret(await secretKey(db, config), secret);
      // A new setup replaces a pending one; the guard keeps an enabled factor as it is.
      await inUserTransaction(db, me.id, async (trx) => {
        await trx
          .deleteFrom('second_factors')
          .where('user_id', '=', me.id)
          .where('enabled_at', 'is', null)
          .execute();
        await trx
          .insertInto('second_factors')
          .values({ user_id: me.id, secret: stored, enabled_at: null, last_step: null })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .execute();
      });
      if (await twoFactorEnabled(db, me.id)) throw alreadyEnabled();
      return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
    },
  );

  r.post(
    '/auth/totp/enable',
    {
      schema: { tags: ['auth'], body: TotpEnableBody, response: { 200: TotpEnableAnswer } },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const me = sessionUser(request);
      const pending = await db
        .selectFrom('second_factors')
        .select(['secret', 'enabled_at'])
        .where('user_id', '=', me.id)
        .executeTakeFirst();
      if (!pending) throw notPending();
      if (pending.enabled_at !== null) throw alreadyEnabled();
      assertSlot(
        reply,
        await takeBackoffSlot(db, codeKey(me.id), ACCOUNT_RULE),
        'Too many wrong codes',
      );
      const step = matchTotpStep(
        decryptSecret(await secretKey(db, config), pending.secret),
        request.body.code.replace(/\s/g, ''),
      );
      if (step === null) throw wrongCode();
      await clearLimit(db, codeKey(me.id));
      const recoveryCodes = newRecoveryCodes();
      await inUserTransaction(db, me.id, async (trx) => {
        const enabled = await trx
          .updateTable('second_factors')
          .set({ enabled_at: BigInt(Date.now()), last_step: BigInt(step) })
          .where('user_id', '=', me.id)
          .where('enabled_at', 'is', null)
          .executeTakeFirst();
        if (enabled.numUpdatedRows === 0n) throw alreadyEnabled();
        await trx.deleteFrom('recovery_codes').where('user_id', '=', me.id).execute();
        await trx
          .insertInto('recovery_codes')
          .values(
            recoveryCodes.map((code) => ({ user_id: me.id, code_hash: recoveryCodeHash(code) })),
          )
          .execute();
      });
      bus.publish({ type: 'user-changed', userId: me.id });
      return { recoveryCodes };
    },
  );

  r.post(
    '/auth/totp/disable',
    {
      schema: { tags: ['auth'], body: TotpDisableBody, response: { 200: OkAnswer } },
      preHandler: requireUser,
    },
    async (request, reply) => {
      const me = sessionUser(request);
      await reauthenticate(db, reply, me.id, request.body.currentPassword);
      if (!(await twoFactorEnabled(db, me.id))) throw notEnabled();
      assertSlot(
        reply,
        await takeBackoffSlot(db, codeKey(me.id), ACCOUNT_RULE),
        'Too many wrong codes',
      );
      if (!(await useSecondFactor(db, await secretKey(db, config), me.id, request.body.code)))
        throw wrongCode();
      await clearLimit(db, codeKey(me.id));
      await inUserTransaction(db, me.id, async (trx) => {
        await trx.deleteFrom('recovery_codes').where('user_id', '=', me.id).execute();
        await trx.deleteFrom('second_factors').where('user_id', '=', me.id).execute();
      });
      bus.publish({ type: 'user-changed', userId: me.id });
      return { ok: true as const };
    },
  );
}
