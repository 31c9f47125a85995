import { formatUsd, STARTING_BALANCE_USD, type AccountType } from '@papertrade/domain';
import type { AppContext } from '../../app-context.ts';
import { insertUser } from '../../users/create-user.ts';
import { notify } from '../../users/notify.ts';
import { verificationMail } from './auth-mails.ts';
import { emailTaken, usernameTaken } from './auth-errors.ts';
import { hashPassword } from './password.ts';
import { createSession } from './sessions.ts';
import { uniqueViolation } from './unique-violation.ts';
import { issueToken } from './verification-tokens.ts';
import type { Mail } from '../../mail/mailer.ts';
import { inTransaction } from '../../db/transaction.ts';

export interface SignUpInput {
  email: string;
  password: string;
  username: string;
  accountType?: AccountType | undefined;
}

export const welcomeText = () =>
  `Welcome to PaperTrade! You start with ${formatUsd(STARTING_BALANCE_USD)} of demo money. Happy trading!`;

/**
 * Login, trading account, welcome notification, session and verification token in one
 * transaction: either the person has a complete account or nothing was written.
 */
export async function signUp(ctx: AppContext, input: SignUpInput, now = Date.now()) {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(ctx.db, async (trx) => {
      const clash = await trx
        .selectFrom('users')
        .select(['email', 'username_lower'])
        .where((eb) =>
          eb.or([eb('email', '=', email), eb('username_lower', '=', input.username.toLowerCase())]),
        )
        .execute();
      if (clash.some((u) => u.email === email)) throw emailTaken();
      if (clash.length) throw usernameTaken();

      const { id } = await insertUser(
        trx,
        {
          email,
          passwordHash,
          username: input.username,
          accountType: input.accountType ?? 'PERSONAL',
        },
        now,
      );
      await notify(
        trx,
        { userId: id, type: 'INFORMATIVE', text: welcomeText(), url: '/home' },
        now,
      );
      const token = await createSession(trx, id, now);
      const verifyToken = await issueToken(
        trx,
        { userId: id, purpose: 'verify-email', email },
        now,
      );
      const mail: Mail = verificationMail(ctx.config, email, verifyToken);
      return { userId: id, token, mail };
    });
  } catch (error) {
    // Two sign-ups racing for the same name both pass the check; the constraint decides.
    const column = uniqueViolation(error);
    if (column === 'email') throw emailTaken();
    if (column === 'username') throw usernameTaken();
    throw error;
  }
}
