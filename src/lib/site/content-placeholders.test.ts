import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../i18n/messages/en.json';
import es from '../i18n/messages/es.json';
import { fillData, fillPlaceholders, isOffered, placeholderValues, resolveDemoEntries, unknownPlaceholders } from './content-placeholders';

const ohioSettings = {
  businessName: 'Buckeye Bounce & Slide',
  addressLine1: '55 High St',
  addressCity: 'Columbus',
  addressState: 'OH',
  addressZip: '43215',
  phone: '(614) 555-0100',
  email: 'hello@buckeye.example',
  damageWaiverPercent: 8,
  depositMode: 'percent',
  depositPercent: 30,
  depositFlatCents: 0,
  depositMinimumCents: 5000,
  balanceDueDaysBefore: 0,
  deliveryWindowStart: '07:00',
  deliveryWindowEnd: '21:00',
  leadTimeHours: 24,
  maxDaysAhead: 365,
  holdMinutes: 30,
  cakeLeadTimeDays: 3,
  currency: 'usd',
} as const;
const ohio = placeholderValues(ohioSettings, en.contentValues, 'en');

describe('content placeholders', () => {
  it('fills every placeholder from the business’s settings', () => {
    expect(fillPlaceholders('{business} of {city}, {state} ({stateName}). Call {phone} or write to {email} or {address}.', ohio)).toBe(
      'Buckeye Bounce & Slide of Columbus, OH (Ohio). Call (614) 555-0100 or write to hello@buckeye.example or 55 High St, Columbus, OH 43215.',
    );
    expect(fillPlaceholders('The waiver costs {damageWaiverPercent} of the rentals.', ohio)).toBe('The waiver costs 8 % of the rentals.');
  });

  it('states the booking rules as the settings make them, in the text’s language', () => {
    const rules = '{depositRule}. Balance {balanceDue}. Delivery {deliveryHours}. Book {leadTime} ahead, up to {bookingWindow}; held {holdTime}; cakes {cakeLeadTime} ahead.';
    expect(fillPlaceholders(rules, ohio)).toBe(
      '30 % of the order total, with a minimum of $50 (orders under $50 are paid in full). Balance on the event day, before setup. Delivery between 7:00 AM and 9:00 PM. Book 24 hours ahead, up to 365 days; held 30 minutes; cakes 3 days ahead.',
    );
    const other = { ...ohioSettings, depositMode: 'flat', depositFlatCents: 10000, balanceDueDaysBefore: 2, deliveryWindowStart: '08:30', deliveryWindowEnd: '20:00', leadTimeHours: 1, maxDaysAhead: 90, holdMinutes: 15, cakeLeadTimeDays: 1 } as const;
    expect(fillPlaceholders(rules, placeholderValues(other, en.contentValues, 'en'))).toBe(
      '$100 (orders under $100 are paid in full). Balance 2 days before the event. Delivery between 8:30 AM and 8:00 PM. Book 1 hour ahead, up to 90 days; held 15 minutes; cakes 1 day ahead.',
    );
    expect(fillPlaceholders('{depositRule}', placeholderValues({ ...ohioSettings, depositPercent: 25, depositMinimumCents: 0 }, en.contentValues, 'en'))).toBe('25 % of the order total');
    expect(fillPlaceholders('Un depósito {depositRule}; el saldo {balanceDue}; {leadTime}', placeholderValues(other, es.contentValues, 'es'))).toBe(
      'Un depósito de $100 (los pedidos de menos de $100 se pagan completos); el saldo 2 días antes del evento; 1 hora',
    );
  });

  it('builds an entry about the damage waiver only for a business that offers one (the setup may choose none)', () => {
    const waiverQuestion = { question: 'What is the damage waiver?', onlyWith: 'damageWaiver' as const };
    expect(isOffered(waiverQuestion, { damageWaiverPercent: 10, paymentMode: 'deposit_online' })).toBe(true);
    expect(isOffered(waiverQuestion, { damageWaiverPercent: 0, paymentMode: 'deposit_online' })).toBe(false);
    expect(isOffered({ question: 'How far ahead do I book?' }, { damageWaiverPercent: 0, paymentMode: 'deposit_online' })).toBe(true);
  });

  it('builds the deposit’s questions in the version for the business’s payment mode', () => {
    const byCard = { question: 'How much is the deposit?', onlyWith: 'depositOnline' as const };
    const later = { question: 'How much is the deposit?', onlyWith: 'depositLater' as const };
    expect([isOffered(byCard, { damageWaiverPercent: 0, paymentMode: 'deposit_online' }), isOffered(later, { damageWaiverPercent: 0, paymentMode: 'deposit_online' })]).toEqual([true, false]);
    expect([isOffered(byCard, { damageWaiverPercent: 0, paymentMode: 'pay_later' }), isOffered(later, { damageWaiverPercent: 0, paymentMode: 'pay_later' })]).toEqual([false, true]);
  });

  it('escapes the values in rendered HTML, and leaves other braces as written', () => {
    expect(fillPlaceholders('<p>About {business}</p>', ohio, { html: true })).toBe('<p>About Buckeye Bounce &amp; Slide</p>');
    expect(fillPlaceholders('{unknown} and {} stay', ohio)).toBe('{unknown} and {} stay');
  });

  it('fills front matter and FAQ fields however deep, and keeps dates and numbers', () => {
    const updated = new Date('2026-01-01');
    const data = { title: 'About {business}', order: 3, updated, faq: [{ question: 'Where?', answer: 'In {city}.' }] };
    expect(fillData(data, ohio)).toEqual({ title: 'About Buckeye Bounce & Slide', order: 3, updated, faq: [{ question: 'Where?', answer: 'In Columbus.' }] });
  });

  it('names the {words} that are no placeholder', () => {
    expect(unknownPlaceholders('{buisness} in {city}')).toEqual(['buisness']);
  });
});

describe('demo content', () => {
  const entries = [
    { id: 'about', data: { demo: false } },
    { id: 'about-demo', data: { demo: true } },
    { id: 'terms', data: {} },
    { id: 'review-1', data: { demo: true } },
  ];

  it('builds only the generic entries for a business that is not the demo', () => {
    expect(resolveDemoEntries(entries, false).map((e) => e.id)).toEqual(['about', 'terms']);
  });

  it('puts the demo’s version in the generic one’s place, under its id, while the site is the demo', () => {
    const built = resolveDemoEntries(entries, true);
    expect(built.map((e) => e.id)).toEqual(['about', 'terms', 'review-1']);
    expect(built[0]!.data.demo).toBe(true);
  });
});

describe('the content files', () => {
  it('use only known placeholders', () => {
    const root = path.resolve('src/content');
    const files = [
      ...['pages', 'services'].flatMap((dir) => readdirSync(path.join(root, dir)).map((f) => path.join(root, dir, f))),
      path.join(root, 'faq.json'),
      path.join(root, 'reviews.json'),
    ];
    const typos = files.flatMap((file) => unknownPlaceholders(readFileSync(file, 'utf8')).map((name) => `${path.relative(root, file)}: {${name}}`));
    expect(typos).toEqual([]);
  });

  it('have terms, in either language, that state a business’s own deposit, balance and hours, not the demo’s', () => {
    const root = path.resolve('src/content');
    const business = { ...ohioSettings, depositMode: 'flat', depositFlatCents: 7500, balanceDueDaysBefore: 3, deliveryWindowStart: '09:00', deliveryWindowEnd: '18:00', leadTimeHours: 48, maxDaysAhead: 180, holdMinutes: 20, cakeLeadTimeDays: 5 } as const;
    const english = fillPlaceholders(readFileSync(path.join(root, 'pages/terms.md'), 'utf8'), placeholderValues(business, en.contentValues, 'en'));
    const spanish = fillPlaceholders(readFileSync(path.join(root, 'es/pages/terms.md'), 'utf8'), placeholderValues(business, es.contentValues, 'es'));
    const said = {
      english: [
        'A deposit is due when you book: $75 (orders under $75 are paid in full).',
        'The balance is due 3 days before the event.',
        'We deliver and pick up between 9:00 AM and 6:00 PM.',
        'at least 48 hours before the event and up to 180 days ahead',
        'held for 20 minutes',
        'at least 5 days ahead',
      ],
      spanish: [
        'Al reservar se paga un depósito de $75 (los pedidos de menos de $75 se pagan completos).',
        'El saldo se paga 3 días antes del evento.',
        'con al menos 48 horas de anticipación al evento y hasta con 180 días de anticipación',
        'con al menos 5 días de anticipación',
        // Spanish times end in their own full stop: the sentence does not add a second.
        'Entregamos y recogemos entre las 9:00 a.m. y las 6:00 p.m. Un adulto',
      ],
    };
    for (const words of said.english) expect(english).toContain(words);
    for (const words of said.spanish) expect(spanish).toContain(words);
    // The demo's figures are the settings' now, not words of the files.
    for (const text of [english, spanish]) expect(text).not.toMatch(/30 %|\$50\b|7 AM|7 a\. m\.|24 hours|24 horas|365/);
  });

  it('have FAQ answers, in either language, that state a business’s own deposit and delivery hours', () => {
    const root = path.resolve('src/content');
    const business = { ...ohioSettings, depositPercent: 25, depositMinimumCents: 0, deliveryWindowStart: '08:00', deliveryWindowEnd: '20:00' } as const;
    const answers = (file: string, values: ReturnType<typeof placeholderValues>) =>
      new Map((JSON.parse(readFileSync(path.join(root, file), 'utf8')) as { id: string; answer: string }[]).map((e) => [e.id, fillPlaceholders(e.answer, values)]));
    const english = answers('faq.json', placeholderValues(business, en.contentValues, 'en'));
    const spanish = answers('es/faq.json', placeholderValues(business, es.contentValues, 'es'));
    for (const id of ['deposit', 'deposit-pay-later']) {
      expect(english.get(id)).toMatch(/^The deposit is 25 % of the order total\. /);
      expect(spanish.get(id)).toMatch(/^El depósito es del 25 % del total del pedido\. /);
    }
    expect([...english.values()].find((a) => a.startsWith('We deliver and pick up'))).toMatch(/^We deliver and pick up between 8:00 AM and 8:00 PM\. /);
    expect([...spanish.values()].find((a) => a.startsWith('Entregamos y recogemos'))).toMatch(/^Entregamos y recogemos entre las 8:00 a\.m\. y las 8:00 p\.m\. /);
  });

  it('promise a business in pay-later mode no card payment when booking, in either language, and still answer the deposit’s questions', () => {
    const root = path.resolve('src/content');
    const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as { id: string; answer: string; onlyWith?: 'damageWaiver' | 'depositOnline' | 'depositLater' }[];
    const english = read('faq.json');
    const spanish = new Map(read('es/faq.json').map((e) => [e.id, e.answer]));
    const built = (paymentMode: 'deposit_online' | 'pay_later') => english.filter((e) => isOffered(e, { damageWaiverPercent: 10, paymentMode }));
    const payLater = built('pay_later');
    expect(payLater.map((e) => e.id)).toEqual(expect.arrayContaining(['how-booking-works-pay-later', 'deposit-pay-later', 'balance-pay-later']));
    expect(payLater.map((e) => e.id)).not.toContain('deposit');
    expect(payLater.map((e) => e.id)).not.toContain('balance');
    for (const { id, answer } of payLater) {
      expect(answer, id).not.toMatch(/by card (when|and|to)|pay(ing)? the deposit by card|card you paid the deposit with/i);
      expect(spanish.get(id) ?? '', id).not.toMatch(/(con tarjeta al reservar|depósito con tarjeta|tarjeta con la que pagó el depósito)/i);
    }
    expect(built('deposit_online').map((e) => e.id)).toEqual(expect.arrayContaining(['how-booking-works', 'deposit', 'balance']));
  });
});
