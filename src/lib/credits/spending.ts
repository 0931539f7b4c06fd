import { z } from '../validation';

/**
 * Spending credits: pure rules. Which credits a spend takes (oldest expiry first), where a refund of a
 * credit payment goes back to, the one-time code that proves an e-mail at checkout, and the request
 * bodies of the spending endpoints. The locking and writing is credit-spend.server.ts.
 */

/** A credit that can be spent today, as the spend reads it (locked). */
export interface SpendableCredit {
  id: string;
  remainingCents: number;
  /** null: it does not expire (spent last). */
  expiresOn: string | null;
  createdAt: string;
}

/** What one spend takes from one credit. */
export interface CreditDraw {
  creditId: string;
  cents: number;
}

/** The order credits are spent in: the first to expire first, credits that never expire last, then the oldest given. */
export function spendOrder(a: SpendableCredit, b: SpendableCredit): number {
  if (a.expiresOn !== b.expiresOn) {
    if (a.expiresOn === null) return 1;
    if (b.expiresOn === null) return -1;
    return a.expiresOn < b.expiresOn ? -1 : 1;
  }
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Takes up to `wantCents` from the credits, oldest expiry first; the draws add up to what could be taken. */
export function allocateCredit(credits: readonly SpendableCredit[], wantCents: number): CreditDraw[] {
  const draws: CreditDraw[] = [];
  let left = Math.max(0, Math.floor(wantCents));
  for (const credit of [...credits].sort(spendOrder)) {
    if (left === 0) break;
    const cents = Math.min(left, credit.remainingCents);
    if (cents <= 0) continue;
    draws.push({ creditId: credit.id, cents });
    left -= cents;
  }
  return draws;
}

export const drawnCents = (draws: readonly CreditDraw[]) => draws.reduce((sum, d) => sum + d.cents, 0);

/**
 * Where `refundCents` of a credit payment goes back to: the credits it drew on, the last drawn first
 * (the credit that lasts longest gets its money back first), after the `refundedBeforeCents` earlier
 * refunds of the same payment gave back the same way.
 */
export function restoreDraws(draws: readonly CreditDraw[], refundedBeforeCents: number, refundCents: number): CreditDraw[] {
  const back: CreditDraw[] = [];
  let skip = refundedBeforeCents;
  let left = refundCents;
  for (const draw of [...draws].reverse()) {
    const free = Math.max(0, draw.cents - skip);
    skip = Math.max(0, skip - draw.cents);
    const cents = Math.min(free, left);
    if (cents > 0) back.push({ creditId: draw.creditId, cents });
    left -= cents;
    if (left === 0) break;
  }
  return back;
}

/** A one-time code lasts 10 minutes and allows 5 tries. */
export const CREDIT_CODE_MINUTES = 10;
export const CREDIT_CODE_TRIES = 5;
/** A credit grant (what a proved e-mail may spend) lasts 30 minutes: time to finish the checkout. */
export const CREDIT_GRANT_MINUTES = 30;

export type CodeVerdict = 'ok' | 'wrong' | 'expired' | 'locked' | 'none';

/** What a typed code is worth against the stored one (compared by the caller as hashes). */
export function codeVerdict(stored: { expiresAt: Date; tries: number } | null, matches: boolean, now: Date): CodeVerdict {
  if (!stored) return 'none';
  if (stored.tries >= CREDIT_CODE_TRIES) return 'locked';
  if (stored.expiresAt.getTime() <= now.getTime()) return 'expired';
  return matches ? 'ok' : 'wrong';
}

export const codeMessages: Record<Exclude<CodeVerdict, 'ok'>, string> = {
  // No code for this e-mail reads like a wrong one, so the answer never tells whether it has credit.
  none: 'That code isn’t right. Check the e-mail we sent, or ask for a new code.',
  wrong: 'That code isn’t right. Check the e-mail we sent, or ask for a new code.',
  expired: 'That code has expired. Ask for a new code.',
  locked: 'Too many wrong codes. Ask for a new code.',
};

/** The same answer to every request for a code, whether or not the e-mail has credit. */
export const CODE_SENT_MESSAGE = 'If that e-mail has credit with us, we’ve sent it a 6-digit code. It works for 10 minutes.';

const email = z.string({ error: 'Enter your e-mail' }).trim().toLowerCase().pipe(z.email('Enter a valid e-mail address')).pipe(z.string().max(200, 'At most 200 characters'));

/** POST /api/credit-code: e-mail me a code. */
export const creditCodeRequest = z.object({ email });
/** POST /api/credit-code/verify: the code from the e-mail. */
export const creditCodeCheck = z.object({
  email,
  code: z.string({ error: 'Enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

/** POST /api/admin/bookings/{id}/credit-payments: staff pay part of a booking from its customer's credit. */
export const creditPaymentBody = z.object({
  amountCents: z.number({ error: 'Amount must be an amount in cents' }).int('Amount must be whole cents').min(1, 'Amount must be more than zero').max(10_000_000, 'Amount is too large'),
});

/** The note a credit payment carries (its receipt and the booking's payments list say it). */
export const PAID_FROM_CREDIT = 'Paid from credit';
export const RETURNED_TO_CREDIT = 'Returned to credit';
