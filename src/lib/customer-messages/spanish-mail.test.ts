import { describe, expect, it } from 'vitest';
import type { BookingView } from '../booking/booking-view.server';
import { releasedBookingEmail, type ReleasedBooking } from '../booking/release-emails';
import type { BusinessSettings } from '../business/schema';
import type { RenderedEmail } from '../email';
import type { Locale } from '../i18n';
import { receiptEmail, type ReceiptPayment } from '../invoices/receipt-emails';
import { balanceChargeFailedEmail } from '../payments/auto-charge-emails';
import { customerChoices, rainOutOfferEmail, rainOutSettledEmail, type RainedOutBooking } from '../rain-outs/rain-out-emails';
import { waiverSignerEmail, type WaiverSummary } from '../waivers/waiver-emails';
import { contactCustomerEmail } from '../inbox/contact-emails';
import { suggestionCustomerEmail } from '../product-suggestions/suggestion-emails';
import { cartReminderMessage, reviewRequestMessage } from './message-emails';

/**
 * Issue #40: the e-mails a customer receives beyond the booking's confirmation (receipts and refunds,
 * the failed balance charge, the rain-out offer and its answer, a released booking, the signed
 * waiver's copy) in the booking's language. English is pinned by snapshot: exactly what it said before.
 */
const settings = {
  businessName: 'Party Co', phone: '555-010-0000', email: 'hi@party.test', currency: 'usd', timezone: 'America/Chicago',
  addressLine1: '1 Main St', addressCity: 'Round Rock',
} as BusinessSettings;
const SITE = 'https://party.test';

const booking = (language: Locale, paid: number, total = 30000): BookingView =>
  ({
    id: 'b1',
    number: 'PC-ABC123',
    language,
    customer: { name: 'José Peña', firstName: 'José', email: 'jose@example.com', phone: '5125550100' },
    invoiceToken: 'tok_9f8e',
    event: { date: '2026-12-12', endDate: '2026-12-12', start: '10:00', end: '16:00', startsAt: '2026-12-12T16:00:00Z', endsAt: '2026-12-12T22:00:00Z' },
    totals: { totalCents: total, amountPaidCents: paid, amountDueCents: Math.max(0, total - paid) },
    balanceDueOn: '2026-12-05',
  }) as unknown as BookingView;

/** Everything a reader sees of a message. */
const read = (m: RenderedEmail) => [m.subject, m.text, m.html].join('\n----\n');

// Words an English message has and a Spanish one must not (names, numbers and links are the customer's own).
const ENGLISH = /\b(the|your|you|and|booking|please|call|when|where|deposit|balance|party|waiver|invoice|payment|refund|refunded|received|thank|questions|track|change|cancel|hello|hi|paid|due|method|date|amount|weather|choose|credit|released|reservation|signed|card|nothing|charged|again)\b/i;
/** The text of a Spanish message without what is not its words: links, e-mail addresses, tags, the business's name. */
const words = (text: string) => text.replace(/https?:\/\/\S+/g, '').replace(/\S+@\S+/g, '').replace(/<[^>]+>/g, ' ').replaceAll(settings.businessName, '');
// Word edges by letters of any language: "canceló" holds no English "cancel".
const englishIn = (text: string) => words(text).match(new RegExp(`(?<!\\p{L})${ENGLISH.source.replaceAll('\\b', '')}(?!\\p{L})`, 'giu')) ?? [];

const payments: [string, Omit<ReceiptPayment, 'date' | 'note'>, number][] = [
  ['deposit by check', { kind: 'deposit', method: 'check', amountCents: 10000 }, 10000],
  ['card refund', { kind: 'refund', method: 'stripe', amountCents: 2500 }, 30000],
  ['overpaid in cash', { kind: 'balance', method: 'cash', amountCents: 22000 }, 32000],
  ['paid from credit', { kind: 'deposit', method: 'credit', amountCents: 10000 }, 10000],
  ['back to credit', { kind: 'refund', method: 'credit', amountCents: 5000 }, 5000],
  ['card at the stop', { kind: 'balance', method: 'card_in_person', amountCents: 20000 }, 30000],
];
const receipts = (language: Locale) => payments.map(([name, p, paid]) => [name, receiptEmail(booking(language, paid), { ...p, date: '2026-11-24', note: '' }, settings, SITE)] as const);

const failures = (language: Locale) =>
  (['authentication_required', 'expired_card', 'insufficient_funds', null] as const).map((code) => [String(code), balanceChargeFailedEmail(booking(language, 10000), settings, { amountCents: 20000, code }, SITE)] as const);

const rained = (language: Locale, paid: number): RainedOutBooking => ({ number: 'PC-RAIN1', email: 'ana@example.com', rainedOutOn: '2026-12-12', amountPaidCents: paid, status: 'confirmed', firstName: 'Ana', language });
const terms = { moveUntil: '2027-06-12', creditUntil: '2027-12-12' };
const rainOuts = (language: Locale) => [
  ...[10000, 0].map((paid) => [`offer, ${paid} paid`, rainOutOfferEmail(rained(language, paid), customerChoices(['move', 'credit', 'refund'], paid, terms, language), { link: `${SITE}/rain-check/x`, lastDay: '2026-12-14', creditUntil: terms.creditUntil }, settings)] as const),
  ...(['credit', 'lapsed', 'refund', 'cancelled'] as const).map((kind) => [`settled: ${kind}`, rainOutSettledEmail(rained(language, 10000), { kind, amountCents: 10000, creditUntil: kind === 'credit' || kind === 'lapsed' ? terms.creditUntil : null }, settings)] as const),
];

const released = (language: Locale, was: ReleasedBooking['was'], unconfirmed = false): ReleasedBooking => ({
  id: 'b2', number: 'PC-REL1', was, unconfirmed, deadline: '2026-11-28T20:00:00Z', email: 'ana@example.com', language,
  eventStart: '2026-12-12T16:00:00Z', eventEnd: '2026-12-12T22:00:00Z', placedAt: '2026-11-27T20:00:00Z', items: [{ name: 'Castillo', quantity: 1 }],
});
const releases = (language: Locale) =>
  [['hold', released(language, 'hold')], ['deposit due', released(language, 'deposit_due')], ['unconfirmed', released(language, 'deposit_due', true)]].map(([name, r]) => [name, releasedBookingEmail(r as ReleasedBooking, settings, SITE)] as const);

const waiver = (language: Locale): WaiverSummary => ({
  id: 'w1', bookingNumber: 'PC-ABC123', eventDate: '2026-12-12', signerName: 'Ana', signerEmail: 'ana@example.com', signedAt: '2026-12-01 10:00', textSha256: 'ab12', pdfUrl: `${SITE}/w.pdf`, adults: ['Ana'], guestCount: 3, language,
});
const waivers = (language: Locale) => [['signer copy', waiverSignerEmail(waiver(language), settings, new Uint8Array([1]))] as const];

/** The acknowledgements of the contact, support and suggestion forms, in the language of the page they were sent from. */
const acknowledgements = (language: Locale) => [
  ['contact', contactCustomerEmail({ kind: 'contact', email: 'ana@example.com' }, settings, language)] as const,
  ['support', contactCustomerEmail({ kind: 'support', email: 'ana@example.com' }, settings, language)] as const,
  ['suggestion', suggestionCustomerEmail({ email: 'ana@example.com' }, settings, language)] as const,
];

const all = (language: Locale) => ({
  receipt: receipts(language),
  'failed charge': failures(language),
  'rain-out': rainOuts(language),
  released: releases(language),
  waiver: waivers(language),
  acknowledgement: acknowledgements(language),
});

describe('e-mails in the booking’s language', () => {
  for (const [group, mails] of Object.entries(all('en'))) {
    it(`${group}: English is what it always was`, () => {
      for (const [name, mail] of mails) expect(read(mail)).toMatchSnapshot(`${group}: ${name}`);
    });
  }
  for (const [group, mails] of Object.entries(all('es'))) {
    it(`${group}: Spanish has no English words left`, () => {
      for (const [name, mail] of mails) {
        expect(mail.text, `${group}: ${name}`).toMatch(/[áéíóúñ¿¡]/);
        expect(englishIn(read(mail)), `${group}: ${name}: ${words(read(mail))}`).toEqual([]);
      }
    });
  }
});

describe('days in the rain-out e-mails', () => {
  // The party's day, the last day to answer, to move and to spend the credit: one format, as the booking's page says a day.
  it.each([
    ['en', /\b(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}/, 'Saturday, June 12, 2027'],
    ['es', /\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)\.? \d{4}/, 'sábado, 12 de junio de 2027'],
  ] as const)('are long dates in %s, none short', (language, short, moveUntil) => {
    for (const [name, mail] of rainOuts(language)) expect(mail.text, name).not.toMatch(short);
    expect(rainOuts(language)[0]![1].text).toContain(moveUntil);
  });
});

describe('the language an e-mail’s HTML says', () => {
  it('is the message’s own, so a screen reader reads a Spanish e-mail with a Spanish voice', () => {
    for (const [language, messages] of [['es', all('es')], ['en', all('en')]] as const) {
      for (const [group, mails] of Object.entries(messages)) for (const [name, mail] of mails) expect(mail.html, `${language} ${group}: ${name}`).toContain(`<html lang="${language}">`);
    }
  });
});

describe('links in the booking language', () => {
  it('lead a Spanish booking to the Spanish tracking page, an English one to the English page, and none to Spanish when the business offers none', () => {
    const track = (m: RenderedEmail) => m.text.match(/https:\/\/party\.test\/\S*track-order\S*/)?.[0];
    const [, spanishReceipt] = receipts('es')[0]!;
    const [, englishReceipt] = receipts('en')[0]!;
    expect(track(spanishReceipt)).toBe('https://party.test/es/track-order?booking=PC-ABC123');
    expect(track(englishReceipt)).toBe('https://party.test/track-order?booking=PC-ABC123');
    expect(track(failures('es')[0]![1])).toBe('https://party.test/es/track-order?booking=PC-ABC123');
    const withoutSpanish = receiptEmail(booking('es', 10000), { kind: 'deposit', method: 'check', amountCents: 10000, date: '2026-11-24', note: '' }, { ...settings, offerSpanish: false }, SITE);
    expect(track(withoutSpanish)).toBe('https://party.test/track-order?booking=PC-ABC123');
  });

  it('lead a Spanish customer from the review request and the saved cart’s reminder to the Spanish pages, unsubscribing included', () => {
    const u = { siteUrl: SITE, address: 'ana@example.com', key: 'k3y' };
    const offering = { ...settings, offerSpanish: true, reviewRequestWording: 'Thanks, {firstName}!', cartReminderWording: 'Your cart is saved.' };
    const links = (language: Locale, spanishOffered = true) => {
      const business = { ...offering, offerSpanish: spanishOffered };
      const review = reviewRequestMessage(business, { to: 'ana@example.com', firstName: 'Ana', bookingNumber: 'PC-ABC123', date: '12 de diciembre', key: 'r3v', language }, u);
      const cart = cartReminderMessage(business, { to: 'ana@example.com', cartKey: 'c4rt', lines: [{ name: 'Castillo', quantity: 1 }], date: '12 de diciembre', totalCents: null, language }, u);
      // The pages a reader lands on (the review's answers go through the API, which redirects in the booking's language).
      return [review.mail.text, cart.mail.text].join('\n').match(/https:\/\/party\.test\/(?!api\/)[^\s?]*/g);
    };
    expect(links('es')).toEqual(['https://party.test/es/products', 'https://party.test/es/unsubscribe', 'https://party.test/es/saved-cart', 'https://party.test/es/unsubscribe']);
    expect(links('en')).toEqual(['https://party.test/products', 'https://party.test/unsubscribe', 'https://party.test/saved-cart', 'https://party.test/unsubscribe']);
    expect(links('es', false)).toEqual(links('en'));
  });
});


describe('the rain-out e-mails’ greeting', () => {
  // As every e-mail about the booking greets (customerGreeting): by first name once it stands confirmed or money was paid on it.
  it.each([
    ['en', 'confirmed', 0, 'Hi Ana,'],
    ['es', 'confirmed', 10000, 'Hola, Ana:'],
    ['en', 'deposit_due', 10000, 'Hi Ana,'],
    ['en', 'deposit_due', 0, 'Hello,'],
  ] as const)('%s, %s, %i paid: the offer and its answer open with “%s”', (language, status, paid, greeting) => {
    const rainedOut = { ...rained(language, paid), status };
    const offer = rainOutOfferEmail(rainedOut, customerChoices(['move', 'credit'], paid, terms, language), { link: `${SITE}/rain-check/x`, lastDay: '2026-12-14', creditUntil: terms.creditUntil }, settings);
    const settled = rainOutSettledEmail(rainedOut, { kind: paid ? 'credit' : 'cancelled', amountCents: paid, creditUntil: paid ? terms.creditUntil : null }, settings);
    for (const mail of [offer, settled]) expect(mail.text.split('\n')[0]).toBe(greeting);
  });
});
