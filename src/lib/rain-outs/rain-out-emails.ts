import type { BusinessSettings } from '../business';
import { customerMessage, type RenderedEmail } from '../email';
import { formatMoney } from '../money';
import { formatLongDate, formatMediumDate } from '../time';
import { answerByWords, type RainOutOffer } from './rain-outs';

/** A rained-out booking's facts, as the offer and its answer are worded. */
export interface RainedOutBooking {
  number: string;
  email: string;
  rainedOutOn: string;
  amountPaidCents: number;
}

/**
 * The customer's choices in their words. With nothing paid there is nothing to keep or give back, so
 * the credit and the refund are one choice: cancelling at no charge.
 */
export function customerChoices(offers: readonly RainOutOffer[], amountPaidCents: number, terms: { moveUntil: string; creditUntil: string }): { offer: RainOutOffer; label: string }[] {
  const paid = formatMoney(amountPaidCents);
  const choices: { offer: RainOutOffer; label: string }[] = [];
  if (offers.includes('move')) choices.push({ offer: 'move', label: `Move your party to another date, free of charge (any day until ${formatMediumDate(terms.moveUntil)})` });
  if (amountPaidCents === 0) {
    if (offers.includes('credit') || offers.includes('refund')) choices.push({ offer: offers.includes('credit') ? 'credit' : 'refund', label: 'Cancel the booking, at no charge' });
    return choices;
  }
  if (offers.includes('credit')) choices.push({ offer: 'credit', label: `Keep the ${paid} you paid as a credit for a future rental (until ${formatMediumDate(terms.creditUntil)})` });
  if (offers.includes('refund')) choices.push({ offer: 'refund', label: `Get the ${paid} you paid back` });
  return choices;
}

/** One message per customer: the party is off, what they can choose, by when, and their personal link. */
export function rainOutOfferEmail(
  booking: RainedOutBooking,
  choices: { label: string }[],
  answer: { link: string; lastDay: string; creditUntil: string },
  settings: BusinessSettings,
): RenderedEmail {
  const day = formatLongDate(booking.rainedOutOn);
  const by = answerByWords(answer.lastDay);
  const kept =
    booking.amountPaidCents > 0
      ? `If we don’t hear from you by ${by}, we keep the ${formatMoney(booking.amountPaidCents)} you paid for you as a rain check, valid until ${formatMediumDate(answer.creditUntil)}.`
      : `If we don’t hear from you by ${by}, we cancel the booking at no charge.`;
  return customerMessage(
    settings,
    booking.email,
    `Weather: your party on ${day} can’t go ahead`,
    [
      'Hello,',
      `The weather forecast for ${day} is not safe for our rentals, so we won’t set up your party (booking ${booking.number}). We’re sorry: you lose nothing.`,
      'Choose what suits you:',
      ...choices.map((c) => `• ${c.label}`),
      `Choose here: ${answer.link}`,
      kept,
    ],
    [],
  );
}

/** What the customer (or the deadline) chose, confirmed. */
export function rainOutSettledEmail(
  booking: RainedOutBooking,
  outcome: { kind: 'credit' | 'lapsed' | 'refund' | 'cancelled'; amountCents: number; creditUntil: string | null },
  settings: BusinessSettings,
): RenderedEmail {
  const amount = formatMoney(outcome.amountCents);
  const day = formatLongDate(booking.rainedOutOn);
  const lines: Record<typeof outcome.kind, string> = {
    credit: `Your credit of ${amount} is ready, valid until ${formatMediumDate(outcome.creditUntil ?? '')}. Use it when you book again with this e-mail address.`,
    lapsed: `We didn’t hear from you, so we kept the ${amount} you paid as a rain check, valid until ${formatMediumDate(outcome.creditUntil ?? '')}. Use it when you book again with this e-mail address.`,
    refund: `We’re refunding the ${amount} you paid. A card refund shows on your statement within 5–10 business days; money paid in person we give back by hand, and we’ll be in touch about it.`,
    cancelled: 'Your booking is cancelled, at no charge.',
  };
  return customerMessage(settings, booking.email, `Your rained-out booking ${booking.number}`, ['Hello,', `About your party on ${day}, which the weather called off:`, lines[outcome.kind], `Questions? Call us at ${settings.phone}.`], []);
}
