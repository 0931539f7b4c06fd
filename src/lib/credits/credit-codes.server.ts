import { getSettings } from '../business/index.server';
import type { Database } from '../db/index.server';
import { customerMessage } from '../email';
import { mailFailed, mailFrom, queueEmailsToSend, sendClaimed } from '../email/index.server';
import { fieldError } from '../http';
import { rateLimit } from '../http/index.server';
import { humanCheckSecret } from '../human-check/index.server';
import { formatMoney } from '../money';
import { formatsFor, type Locale } from '../i18n';
import { CREDIT_CODE_WORDS } from './credit-code-words';
import { creditsOf } from './credits-admin.server';
import { hashCreditCode, readCreditGrant, signCreditGrant, grantMessages, type CreditGrant } from './credit-grant.server';
import { newCreditCode } from './credit-spend.server';
import { codeMessages, codeVerdict, CREDIT_CODE_MINUTES } from './spending';

/**
 * A customer proves an e-mail at checkout before its credit is spent: a 6-digit code by e-mail
 * (POST /api/credit-code), then the code (POST /api/credit-code/verify) for the credit available and
 * a short-lived signed grant the booking request carries.
 */

/** Requests for a code: per address and per e-mail, in 10 minutes. Tries of a code: per address. */
export const creditCodeLimits = {
  perAddress: { limit: 5, windowSeconds: 600 },
  perEmail: { limit: 3, windowSeconds: 600 },
  checksPerAddress: { limit: 20, windowSeconds: 600 },
} as const;

/**
 * E-mails a code when the e-mail belongs to a customer with credit to spend today; the answer is the
 * same either way (and the mail leaves after it, through `afterResponse`), so nobody can learn from
 * it whether an e-mail is a customer's or has credit.
 */
export async function requestCreditCode(
  db: Database,
  email: string,
  now: Date,
  afterResponse?: (work: Promise<unknown>) => void,
  /** The checkout page's language (issue #40): the e-mail and the answer are written in it. */
  language: Locale = 'en',
): Promise<{ message: string }> {
  const w = CREDIT_CODE_WORDS[language];
  await rateLimit(db, `credit-code-email:${email}`, creditCodeLimits.perEmail.limit, creditCodeLimits.perEmail.windowSeconds, now);
  const [customer] = await db<{ id: string }[]>`select id from customers where lower(email) = ${email}`;
  if (customer) {
    const { availableCents } = await creditsOf(db, customer.id, now);
    if (availableCents > 0) {
      const code = newCreditCode();
      const expiresAt = new Date(now.getTime() + CREDIT_CODE_MINUTES * 60_000);
      await db`
        insert into credit_codes (email, code_hash, expires_at, tries, created_at)
        values (${email}, ${hashCreditCode(humanCheckSecret(), email, code)}, ${expiresAt}, 0, ${now})
        on conflict (email) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at, tries = 0, created_at = excluded.created_at`;
      const settings = await getSettings(db);
      const money = language === 'en' ? formatMoney(availableCents, settings.currency) : formatsFor(language).money(availableCents, settings.currency);
      const mail = customerMessage(settings, email, w.subject(code), [w.enter(money, code), w.works(CREDIT_CODE_MINUTES)], [], { language });
      const sending = queueEmailsToSend(db, [{ template: 'credit-code', email: mail }], now)
        .then((claimed) => sendClaimed(db, claimed, now, mailFrom(settings)))
        .catch(mailFailed);
      if (afterResponse) afterResponse(sending);
      else await sending;
    }
  }
  if (Math.random() < 0.01) await db`delete from credit_codes where expires_at < ${new Date(now.getTime() - 86_400_000)}`;
  return { message: w.sent };
}

export interface ProvedCredit {
  availableCents: number;
  nextExpiry: string | null;
  /** The signed grant the booking request carries to spend it; null when there is nothing to spend. */
  grant: string | null;
  grantExpiresAt: string | null;
}

/**
 * Checks a code: a wrong one counts a try (5 and the code is dead), a right one is used up and
 * answers with the credit available and a grant. No code for the e-mail answers like a wrong one.
 */
export async function verifyCreditCode(db: Database, email: string, code: string, now: Date): Promise<ProvedCredit> {
  const secret = humanCheckSecret();
  const verdict = await db.begin(async (tx) => {
    const [stored] = await tx<{ code_hash: string; expires_at: Date; tries: number }[]>`
      select code_hash, expires_at, tries from credit_codes where email = ${email} for update`;
    const result = codeVerdict(stored ? { expiresAt: stored.expires_at, tries: stored.tries } : null, stored?.code_hash === hashCreditCode(secret, email, code), now);
    if (result === 'ok') await tx`delete from credit_codes where email = ${email}`;
    else if (result === 'wrong') await tx`update credit_codes set tries = tries + 1 where email = ${email}`;
    return result;
  });
  if (verdict !== 'ok') throw fieldError('code', codeMessages[verdict]);
  const [customer] = await db<{ id: string }[]>`select id from customers where lower(email) = ${email}`;
  if (!customer) return { availableCents: 0, nextExpiry: null, grant: null, grantExpiresAt: null };
  const { availableCents, nextExpiry } = await creditsOf(db, customer.id, now);
  if (availableCents === 0) return { availableCents, nextExpiry, grant: null, grantExpiresAt: null };
  const grant = signCreditGrant(secret, customer.id, email, now);
  return { availableCents, nextExpiry, grant: grant.token, grantExpiresAt: grant.expiresAt.toISOString() };
}

/** The grant a booking request carries, checked (a 400 on its field when forged or expired). */
export function checkedCreditGrant(token: string, now: Date): CreditGrant {
  const verdict = readCreditGrant(humanCheckSecret(), token, now);
  if (!verdict.ok) throw fieldError('creditGrant', grantMessages[verdict.problem]);
  return verdict.grant;
}
