import { autoChargeDate, type BookingStatus } from '../booking';
import type { Locale } from '../i18n';
import { AUTO_CHARGE_WORDS } from './auto-charge-words';
import type { BusinessSettings } from '../business';
import { wallClockToInstant } from '../time';

/**
 * Balances that collect themselves (the owner's choice, settings: Deposit, tax and payments): the card
 * saved at the deposit checkout is charged off-session for the balance N days before the event, and
 * again for the difference when an edit raises the total after that. Pure: the charge date, whether a
 * booking is due a charge now and of how much, and the words customers agree to.
 */
export type AutoChargeSettings = Pick<BusinessSettings, 'timezone' | 'reminderSendTime' | 'autoChargeBalance' | 'autoChargeDaysBefore'>;

/**
 * The moment the charge becomes due: the charge date at the time reminders go out (a decline e-mail
 * then arrives in the morning, not at midnight), local wall-clock time whatever the UTC offset that day
 * (a daylight-saving change in between moves the instant, not the hour). Never later than the event.
 */
export function autoChargeFrom(eventStart: Date, settings: AutoChargeSettings): Date {
  const at = wallClockToInstant(autoChargeDate(eventStart, settings), settings.reminderSendTime, settings.timezone);
  return at.getTime() < eventStart.getTime() ? at : eventStart;
}

/** One earlier off-session attempt: the card, what was owed and what had been paid when it was tried. */
export interface ChargeTried {
  paymentMethodId: string;
  amountCents: number;
  paidBeforeCents: number;
}

export interface AutoChargeFacts {
  status: BookingStatus;
  eventStart: Date;
  eventEnd: Date;
  totalCents: number;
  amountPaidCents: number;
  /** The card saved at the deposit checkout; null when none was (the balance reminder stays the way). */
  paymentMethodId: string | null;
  tried: readonly ChargeTried[];
}

export type AutoChargeDecision =
  | { charge: true; amountCents: number; paidBeforeCents: number; attempt: number }
  | { charge: false; why: 'off' | 'no_card' | 'not_confirmed' | 'paid' | 'not_yet' | 'over' | 'tried' };

/**
 * Whether to charge the saved card now, and how much: the whole balance (total less what was paid),
 * only for a confirmed booking whose charge moment has come and whose party has not ended. Never the
 * same card for the same balance twice: a decline (or a success) for this card, amount owed and amount
 * paid is not tried again until one of them changes (a new card, an edit of the total, a payment made
 * another way).
 */
export function balanceToCharge(facts: AutoChargeFacts, settings: AutoChargeSettings, now: Date): AutoChargeDecision {
  if (!settings.autoChargeBalance) return { charge: false, why: 'off' };
  if (!facts.paymentMethodId) return { charge: false, why: 'no_card' };
  if (facts.status !== 'confirmed') return { charge: false, why: 'not_confirmed' };
  const amountCents = facts.totalCents - facts.amountPaidCents;
  if (amountCents <= 0) return { charge: false, why: 'paid' };
  if (now.getTime() >= facts.eventEnd.getTime()) return { charge: false, why: 'over' };
  if (now.getTime() < autoChargeFrom(facts.eventStart, settings).getTime()) return { charge: false, why: 'not_yet' };
  const same = facts.tried.some((t) => t.paymentMethodId === facts.paymentMethodId && t.amountCents === amountCents && t.paidBeforeCents === facts.amountPaidCents);
  if (same) return { charge: false, why: 'tried' };
  return { charge: true, amountCents, paidBeforeCents: facts.amountPaidCents, attempt: facts.tried.length + 1 };
}

/** Stripe's idempotency key for one attempt: a retried request is the same charge, never a second. */
export const balanceChargeKey = (bookingId: string, amountCents: number, attempt: number) => `balance-${bookingId}-${amountCents}-${attempt}`;

/** A card brand as Stripe names it ('visa', 'amex') as people write it. */
export function cardBrandLabel(brand: string | null): string {
  const names: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB', unionpay: 'UnionPay', cartes_bancaires: 'Cartes Bancaires' };
  if (!brand) return 'Card';
  return names[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** "Visa •••• 4242", or "Card" when Stripe did not say. */
export const savedCardLabel = (brand: string | null, last4: string | null) => (last4 ? `${cardBrandLabel(brand)} •••• ${last4}` : cardBrandLabel(brand));

export type BalanceChargeStatus = 'pending' | 'succeeded' | 'failed';
export const balanceChargeStatusLabels: Record<BalanceChargeStatus, string> = { pending: 'Charging', succeeded: 'Charged', failed: 'Failed' };

/** What the customer reads when the bank said no: Stripe's reason, plainly, without codes. */
export function declineExplanation(code: string | null, language: Locale = 'en'): string {
  const declined = AUTO_CHARGE_WORDS[language].declined;
  return code === 'authentication_required' || code === 'expired_card' || code === 'insufficient_funds' ? declined[code] : declined.other;
}
