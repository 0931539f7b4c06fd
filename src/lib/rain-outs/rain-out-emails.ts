import { customerGreeting, type BookingStatus } from '../booking';
import type { BusinessSettings } from '../business';
import { customerMessage, type RenderedEmail } from '../email';
import { formatsFor, type Locale } from '../i18n';
import { formatMoney } from '../money';
import { formatLongDate } from '../time';
import { rainCheckChoices, type RainCheckChoice, type RainOutOffer } from './rain-outs';
import { RAIN_OUT_WORDS } from './rain-out-words';

/** A rained-out booking's facts, as the offer and its answer are worded. */
export interface RainedOutBooking {
  number: string;
  email: string;
  rainedOutOn: string;
  amountPaidCents: number;
  /** The booking's status when it was rained out, and the first name it was placed with: the greeting's (customerGreeting). */
  status: BookingStatus;
  firstName: string;
  /** The booking's language (issue #40): the e-mails are written in it. */
  language?: Locale | undefined;
}

/** Greeted as every e-mail about a booking greets its customer. */
const greeting = (b: RainedOutBooking) => customerGreeting({ status: b.status, firstName: b.firstName, paid: b.amountPaidCents > 0, language: b.language });

/**
 * Money and dates as the language writes them (English: the formats these e-mails always used). Every
 * day in them is a long date, the party's day as much as the last day to move or spend the credit, as
 * the booking's page and its other e-mails say a day.
 */
const formats = (language: Locale) =>
  language === 'en' ? { money: (cents: number) => formatMoney(cents), longDate: (d: string) => formatLongDate(d) } : formatsFor(language);

/** The customer's choices (rainCheckChoices) in their words. */
export function customerChoices(
  offers: readonly RainOutOffer[],
  amountPaidCents: number,
  terms: { moveUntil: string; creditUntil: string },
  language: Locale = 'en',
): { offer: RainOutOffer; label: string }[] {
  const w = RAIN_OUT_WORDS[language];
  const f = formats(language);
  const paid = f.money(amountPaidCents);
  const labels: Record<RainCheckChoice, string> = {
    move: w.move(f.longDate(terms.moveUntil)),
    cancel: w.cancelFree,
    credit: w.keepAsCredit(paid, f.longDate(terms.creditUntil)),
    refund: w.getBack(paid),
  };
  return rainCheckChoices(offers, amountPaidCents).map(({ offer, choice }) => ({ offer, label: labels[choice] }));
}

/** One message per customer: the party is off, what they can choose, by when, and their personal link. */
export function rainOutOfferEmail(
  booking: RainedOutBooking,
  choices: { label: string }[],
  answer: { link: string; lastDay: string; creditUntil: string },
  settings: BusinessSettings,
): RenderedEmail {
  const w = RAIN_OUT_WORDS[booking.language ?? 'en'];
  const f = formats(booking.language ?? 'en');
  const day = f.longDate(booking.rainedOutOn);
  const by = w.answerBy(f.longDate(answer.lastDay));
  const kept = booking.amountPaidCents > 0 ? w.keptIfNoAnswer(by, f.money(booking.amountPaidCents), f.longDate(answer.creditUntil)) : w.cancelledIfNoAnswer(by);
  return customerMessage(
    settings,
    booking.email,
    w.offerSubject(day),
    [greeting(booking), w.notSafe(day, booking.number), w.choose, ...choices.map((c) => `• ${c.label}`), w.chooseHere(answer.link), kept],
    [],
    { language: booking.language ?? 'en' },
  );
}

/** What the customer (or the deadline) chose, confirmed. */
export function rainOutSettledEmail(
  booking: RainedOutBooking,
  outcome: { kind: 'credit' | 'lapsed' | 'refund' | 'cancelled'; amountCents: number; creditUntil: string | null },
  settings: BusinessSettings,
): RenderedEmail {
  const w = RAIN_OUT_WORDS[booking.language ?? 'en'];
  const f = formats(booking.language ?? 'en');
  const amount = f.money(outcome.amountCents);
  const until = f.longDate(outcome.creditUntil ?? '');
  const lines: Record<typeof outcome.kind, string> = {
    credit: w.settled.credit(amount, until),
    lapsed: w.settled.lapsed(amount, until),
    refund: w.settled.refund(amount),
    cancelled: w.settled.cancelled,
  };
  return customerMessage(settings, booking.email, w.settledSubject(booking.number), [greeting(booking), w.about(f.longDate(booking.rainedOutOn)), lines[outcome.kind], w.questions(settings.phone)], [], { language: booking.language ?? 'en' });
}
