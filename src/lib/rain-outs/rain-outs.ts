import { z } from '../validation';
import { addDays, DATE_YEARS_MESSAGE, formatLongDate, isInDateYears, localDate, wallClockToInstant } from '../time';

/** What staff may offer the customers of a rained-out party (the owner's policy words each). */
export const rainOutOffers = ['move', 'credit', 'refund'] as const;
export type RainOutOffer = (typeof rainOutOffers)[number];

/** A choice the customer of a rained-out party has: one of the offers, or cancelling at no charge. */
export type RainCheckChoice = RainOutOffer | 'cancel';

/**
 * The choices the customer of a rained-out party has, each with the offer that answers it, a move first
 * (the e-mail's list and the tracking page's sentence). With nothing paid there is nothing to keep or
 * give back, so the credit and the refund are one choice: cancelling at no charge (answered as the
 * credit where one is offered, otherwise as the refund).
 */
export function rainCheckChoices(offers: readonly RainOutOffer[], amountPaidCents: number): { offer: RainOutOffer; choice: RainCheckChoice }[] {
  const choices: { offer: RainOutOffer; choice: RainCheckChoice }[] = [];
  if (offers.includes('move')) choices.push({ offer: 'move', choice: 'move' });
  const money = (['credit', 'refund'] as const).filter((offer) => offers.includes(offer));
  if (amountPaidCents === 0) return money[0] ? [...choices, { offer: money[0], choice: 'cancel' }] : choices;
  return [...choices, ...money.map((offer) => ({ offer, choice: offer }))];
}

/** How an offer ended: the customer moved, kept a credit, took the refund, or let the time pass (a rain check). */
export const rainOutAnswers = ['moved', 'credit', 'refund', 'lapsed'] as const;
export type RainOutAnswer = (typeof rainOutAnswers)[number];

/** Where an offer stands, as the day screen and the dashboard show it. */
export type RainOutState = 'waiting' | RainOutAnswer;
export const rainOutStateLabels: Record<RainOutState, string> = {
  waiting: 'Waiting for the customer',
  moved: 'Moved to a new date',
  credit: 'Took a credit',
  refund: 'Took a refund',
  lapsed: 'No answer: kept as a rain check',
};

/** The offers as staff choose them. */
export const rainOutOfferLabels: Record<RainOutOffer, string> = {
  move: 'Move to another date, free of charge',
  credit: 'Keep what they paid as a credit',
  refund: 'A refund of what they paid',
};

const isoDate = z.iso.date({ error: 'Use a date like 2027-06-30' }).refine(isInDateYears, DATE_YEARS_MESSAGE);

/**
 * POST /api/admin/rain-outs: a date rained out, for all its parties or the ones chosen, and what their
 * customers are offered. The offers are a set: each at most once.
 */
export const rainOutBody = z.object({
  date: isoDate,
  /** The bookings to rain out; empty: every party of the date that has not been rained out yet. */
  bookingIds: z.array(z.uuid({ error: 'Not a valid id' })).max(500, 'At most 500 bookings at once').default([]),
  offers: z
    .array(z.enum(rainOutOffers, { error: 'Choose move, credit or refund' }))
    .min(1, 'Offer the customers at least one choice')
    .max(3)
    .refine((offers) => new Set(offers).size === offers.length, 'Each choice once'),
});
export type RainOutBody = z.infer<typeof rainOutBody>;

/** The last day the customer may answer: `days` after the rained-out day. */
export const lastDayToAnswer = (rainedOutOn: string, days: number) => addDays(rainedOutOn, days);

/** When the answer is late: the end of the last day to answer, on the business's clock. */
export function answerDeadline(rainedOutOn: string, days: number, timeZone: string): Date {
  return wallClockToInstant(addDays(lastDayToAnswer(rainedOutOn, days), 1), '00:00', timeZone);
}

/** The last day to answer, from the stored deadline (the instant that day ends on the business's clock). */
export const lastDayOfDeadline = (answerBy: Date, timeZone: string) => localDate(new Date(answerBy.getTime() - 1), timeZone);

/**
 * The deadline in words, the same for the customer (e-mail, rain-check page) and for staff (day
 * screen, dashboard): "the end of Saturday, February 6, 2027", never the instant it ends, which a
 * clock shows as midnight of the next day ("Feb 7, 12:00 AM") and reads as a day later.
 */
export const answerByWords = (lastDay: string) => `the end of ${formatLongDate(lastDay)}`;

export function rainOutState(offer: { answer: RainOutAnswer | null }): RainOutState {
  return offer.answer ?? 'waiting';
}

/** A party can be rained out until it is set up (a delivered party the weather stops is the crew's call on the day). */
export const rainOutStatuses = ['deposit_due', 'confirmed', 'out_for_delivery'] as const;
