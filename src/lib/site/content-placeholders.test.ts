import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../i18n/messages/en.json';
import es from '../i18n/messages/es.json';
import { fillData, fillPlaceholders, isOffered, placeholderTypos, placeholderValues, resolveDemoEntries, unknownPlaceholders } from './content-placeholders';

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
  cancellationRefundDays: 7,
  cancellationCreditHours: 48,
  creditExpiryMonths: 12,
  changeCutoffHours: 48,
  autoChargeBalance: false,
  autoChargeDaysBefore: 2,
  paymentMode: 'deposit_online',
  unpaidHoldHours: 48,
} as const;
const ohio = placeholderValues(ohioSettings, en.contentValues, 'en');
/** Unlike the demo's: a refund 14 days out, a credit down to 24 hours, spendable 6 months, moves free until 72 hours, the balance 3 days before. */
const policyUnlikeTheDemo = {
  cancellationRefundDays: 14,
  cancellationCreditHours: 24,
  creditExpiryMonths: 6,
  changeCutoffHours: 72,
  balanceDueDaysBefore: 3,
  autoChargeBalance: false,
} as const;

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

describe('a content entry edited in Git with a mistyped placeholder', () => {
  it('stops the build naming the file and the word, where the page printed it as typed', () => {
    const entry = { id: 'about', filePath: 'src/content/pages/about.md', data: { title: 'About {bussiness}', heading: 'About {business}' }, body: 'Call {phon} or {phon}.' };
    expect(placeholderTypos(entry)).toBe(
      'src/content/pages/about.md: {bussiness}, {phon} are not placeholders (the page would show them as typed); the placeholders are listed in src/lib/site/content-placeholders.ts.',
    );
    expect(placeholderTypos({ id: 'deposit', data: { question: 'How much?', answer: 'Ask {buisness}.' } })).toMatch(/^deposit: \{buisness\} is not a placeholder /);
    expect(placeholderTypos({ ...entry, data: { title: 'About {business}', faq: [{ answer: '{phone}' }] }, body: '' })).toBeNull();
  });
});

describe('the content files', () => {
  it('use only known placeholders', () => {
    const root = path.resolve('src/content');
    const files = ['', 'es'].flatMap((language) => [
      ...['pages', 'services'].flatMap((dir) => readdirSync(path.join(root, language, dir)).map((f) => path.join(root, language, dir, f))),
      path.join(root, language, 'faq.json'),
      path.join(root, language, 'reviews.json'),
    ]);
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
        '1. Bookings can be made online up to 48 hours before your event and up to 180 days ahead. If your party is less than 48 hours away, call us: if a unit and a crew are free, we can still fit you in.\n',
        'held for 20 minutes',
        'Cakes must be ordered no later than 5 days before the pickup or delivery date.',
      ],
      spanish: [
        'Al reservar se paga un depósito de $75 (los pedidos de menos de $75 se pagan completos).',
        'El saldo se paga 3 días antes del evento.',
        '1. Se puede reservar en línea hasta 48 horas antes de su evento y hasta con 180 días de anticipación. Si su fiesta es en menos de 48 horas, llámenos: si hay un inflable y un equipo libres, todavía podemos atenderle.\n',
        'Los pasteles se piden a más tardar 5 días antes de la fecha de recogida o de entrega.',
        // Spanish times end in their own full stop: the sentence does not add a second.
        'Entregamos y recogemos entre las 9:00 a.m. y las 6:00 p.m. Un adulto',
      ],
    };
    for (const words of said.english) expect(english).toContain(words);
    for (const words of said.spanish) expect(spanish).toContain(words);
    // The demo's figures are the settings' now, not words of the files.
    for (const text of [english, spanish]) expect(text).not.toMatch(/30 %|\$50\b|7 AM|7 a\. m\.|24 hours|24 horas|365/);
  });

  it('have terms and a “how far ahead” answer, in either language, that make sense when online booking stays open until the event starts (lead time 0)', () => {
    const root = path.resolve('src/content');
    const open = { ...ohioSettings, leadTimeHours: 0, maxDaysAhead: 90 };
    const text = (file: string, locale: 'en' | 'es') => fillPlaceholders(readFileSync(path.join(root, file), 'utf8'), placeholderValues(open, (locale === 'en' ? en : es).contentValues, locale));
    const faqAnswer = (file: string, locale: 'en' | 'es') =>
      fillData((JSON.parse(readFileSync(path.join(root, file), 'utf8')) as { id: string; answer: string }[]).find((q) => q.id === 'how-far-ahead')!.answer, placeholderValues(open, (locale === 'en' ? en : es).contentValues, locale));
    expect(text('pages/terms.md', 'en')).toContain('1. Bookings can be made online until your event starts and up to 90 days ahead.\n');
    expect(text('es/pages/terms.md', 'es')).toContain('1. Se puede reservar en línea hasta que empiece su evento y hasta con 90 días de anticipación.\n');
    expect(faqAnswer('faq.json', 'en')).toBe(
      'You can book online until your event starts and up to 90 days ahead. Spring and early-summer Saturdays fill up first, so book two to four weeks ahead for those dates.',
    );
    expect(faqAnswer('es/faq.json', 'es')).toBe(
      'Puede reservar en línea hasta que empiece su evento y hasta con 90 días de anticipación. Los sábados de primavera y de principios del verano se llenan primero, así que para esas fechas reserve con dos a cuatro semanas de anticipación.',
    );
    for (const t of [text('pages/terms.md', 'en'), text('es/pages/terms.md', 'es'), faqAnswer('faq.json', 'en'), faqAnswer('es/faq.json', 'es')]) expect(t).not.toMatch(/\b0 (hours|horas)/);
    // One hour: the singular, and the call-us sentence is back.
    const oneHour = placeholderValues({ ...open, leadTimeHours: 1 }, es.contentValues, 'es');
    expect(fillPlaceholders('{bookOnlineUntil}. {shortNoticeCall}', oneHour)).toBe('hasta 1 hora antes de su evento. Si su fiesta es en menos de 1 hora, llámenos: si hay un inflable y un equipo libres, todavía podemos atenderle.');
  });

  it('have terms, in either language, that say when the deposit is paid in pay-later mode and how the balance is paid with auto-charge on or off', () => {
    const root = path.resolve('src/content');
    const terms = (locale: 'en' | 'es', settings: Partial<Parameters<typeof placeholderValues>[0]>) =>
      fillPlaceholders(
        readFileSync(path.join(root, locale === 'en' ? 'pages/terms.md' : 'es/pages/terms.md'), 'utf8'),
        placeholderValues({ ...ohioSettings, ...settings }, (locale === 'en' ? en : es).contentValues, locale),
      );
    // Pay later, the balance 3 days before, not charged automatically: nothing is taken when booking, no card is charged.
    const payLater = { paymentMode: 'pay_later', unpaidHoldHours: 24, balanceDueDaysBefore: 3, autoChargeBalance: false } as const;
    const english = terms('en', payLater);
    expect(english).toContain('1. A deposit is due after you book: 30 % of the order total, with a minimum of $50 (orders under $50 are paid in full). Nothing is charged online: you pay it by phone at (614) 555-0100.');
    expect(english).toContain('5. Once you confirm your booking with the link in our e-mail, your items are held for 24 hours from when you booked, while you pay the deposit.');
    expect(english).toContain('2. The balance is due 3 days before the event. Pay it from your booking’s tracking page (the link is in your booking e-mails) or by phone.\n');
    const spanish = terms('es', payLater);
    expect(spanish).toContain('1. Después de reservar se paga un depósito del 30 % del total del pedido, con un mínimo de $50 (los pedidos de menos de $50 se pagan completos). No se cobra nada en línea: lo paga por teléfono al (614) 555-0100.');
    expect(spanish).toContain('5. Cuando confirma su reservación con el enlace de nuestro correo, sus artículos quedan apartados 24 horas desde que reservó, mientras paga el depósito.');
    expect(spanish).toContain('2. El saldo se paga 3 días antes del evento. Páguelo desde la página de su reservación (el enlace está en los correos de su reservación) o por teléfono.\n');
    for (const text of [english, spanish]) expect(text).not.toMatch(/when you book:|Al reservar se paga|card used for the deposit|tarjeta del depósito|held for 30 minutes|apartados 30 minutos/);

    // The demo's way: the deposit by card when booking, the balance on the day and not charged automatically.
    expect(terms('en', {})).toContain('2. The balance is due on the event day, before setup. Pay it from your booking’s tracking page (the link is in your booking e-mails), by phone, or to our crew when they arrive.\n');
    expect(terms('es', {})).toContain('por teléfono o a nuestro equipo cuando llegue.\n');
    // Auto-charge on: the deposit's card is charged the owner's days ahead.
    expect(terms('en', { autoChargeBalance: true, autoChargeDaysBefore: 1 })).toContain(
      'The balance is due on the event day, before setup. When you pay the deposit online by card, we save the card and charge the balance to it 1 day before the event, unless you have paid it another way by then. You can also pay it',
    );
    expect(terms('es', { autoChargeBalance: true, autoChargeDaysBefore: 0 })).toContain('guardamos la tarjeta y le cobramos el saldo el día del evento, salvo que ya lo haya pagado de otra forma.');

    // Staff and crew record cash, check and card-in-person payments (offlinePaymentMethods): the terms must not refuse any of them.
    expect(terms('en', {})).toContain('Our office and crew also take cash, a check or a card in person');
    expect(terms('es', {})).toContain('también aceptan efectivo, cheque o tarjeta en persona');
    for (const text of [terms('en', {}), terms('es', {})]) expect(text).not.toMatch(/not accept checks|No aceptamos cheques/);
  });

  it('have a cancellation policy, in either language, that states the business’s own policy, balance and cake deadline', () => {
    const root = path.resolve('src/content');
    const business = { ...ohioSettings, ...policyUnlikeTheDemo, cakeLeadTimeDays: 1 } as const;
    const page = (file: string, locale: 'en' | 'es', settings: Parameters<typeof placeholderValues>[0] = business) =>
      fillPlaceholders(readFileSync(path.join(root, file), 'utf8'), placeholderValues(settings, (locale === 'en' ? en : es).contentValues, locale));
    const english = page('pages/cancellation-policy.md', 'en');
    const spanish = page('es/pages/cancellation-policy.md', 'es');
    for (const words of [
      'description: "A full deposit refund up to 14 days before, a credit until 24 hours before, rain checks for weather',
      '| 14 days or more before your event | A full refund of your deposit |',
      '| Less than 14 days, but at least 24 hours before | Your full deposit as a credit for a future rental |',
      '| Less than 24 hours before | No refund of the deposit |',
      'A credit is valid for 6 months from the day you cancel.',
      // The balance is due before the event: a cancelled booking may have paid it, and gets it back.
      'if you have already paid the balance, it is refunded in full whenever you cancel',
      'It is free when you ask at least 72 hours before your event and',
      'Within 72 hours of your event, a date change is possible only for weather.',
      'rain check valid for 6 months from the date of your event',
      'free of charge until 1 day before the pickup or delivery date,',
    ])
      expect(english).toContain(words);
    for (const words of [
      'description: "Reembolso del depósito hasta 14 días antes, crédito hasta 24 horas antes, vales de lluvia',
      '| 14 días o más antes de su evento | El reembolso completo de su depósito |',
      '| Menos de 14 días, pero al menos 24 horas antes | Todo su depósito como crédito para una renta futura |',
      '| Menos de 24 horas antes | El depósito no se reembolsa |',
      'Un crédito es válido por 6 meses a partir del día en que cancela.',
      'si ya pagó el saldo, se le reembolsa completo',
      'Es gratis si lo pide al menos 72 horas antes de su evento y',
      'A menos de 72 horas de su evento, solo se puede cambiar la fecha por el clima.',
      'vale de lluvia válido por 6 meses a partir de la fecha de su evento',
      'sin costo hasta 1 día antes de la fecha de recogida o de entrega,',
    ])
      expect(spanish).toContain(words);
    for (const text of [english, spanish]) expect(text).not.toMatch(/\b(7|48|12|72 \(|3) (days?|hours?|months?|días?|horas?|meses)\b|only (due|charged) on your event day|solo se (paga|cobra) el día/);

    // The demo's settings read as before: the balance only on the event day, never owed by a cancelled booking.
    const demo = page('pages/cancellation-policy.md', 'en', ohioSettings);
    expect(demo).toContain('| Less than 7 days, but at least 48 hours before | Your full deposit as a credit for a future rental |');
    expect(demo).toContain('The balance is only due on your event day, so when a booking is cancelled there is never a balance to pay.');
    // A balance the card pays automatically before the event day is not one "only due on the event day".
    expect(page('pages/cancellation-policy.md', 'en', { ...ohioSettings, autoChargeBalance: true })).toContain('refunded in full whenever you cancel');
    expect(page('es/pages/cancellation-policy.md', 'es', ohioSettings)).toContain('El saldo solo se paga el día de su evento');
  });

  it('word the cancellation policy’s edge cases sensibly: no credit tier, a credit or a move up to the start, a cake the same day', () => {
    const values = (settings: Partial<Parameters<typeof placeholderValues>[0]>, locale: 'en' | 'es' = 'en') =>
      placeholderValues({ ...ohioSettings, ...settings }, (locale === 'en' ? en : es).contentValues, locale);
    const table = '<table><tbody><tr><td>{fullRefundWhen}</td><td>Refund</td></tr>\n<tr><td>{creditTierWhen}</td><td>{creditTierOutcome}</td></tr>\n<tr><td>{noRefundWhen}</td><td>None</td></tr></tbody></table>';
    // The credit limit at or beyond the refund limit: no credit tier, and its row is left out of the page.
    expect(fillPlaceholders(table, values({ cancellationRefundDays: 2, cancellationCreditHours: 48 }), { html: true })).toBe(
      '<table><tbody><tr><td>2 days or more before your event</td><td>Refund</td></tr>\n<tr><td>Less than 2 days before</td><td>None</td></tr></tbody></table>',
    );
    expect(values({ cancellationRefundDays: 2, cancellationCreditHours: 48 }).cancellationInBrief).toBe('A full deposit refund up to 2 days before');
    expect(fillPlaceholders(table, values({ cancellationRefundDays: 0 }), { html: true })).toBe(
      '<table><tbody><tr><td>Any time before your event starts</td><td>Refund</td></tr>\n<tr><td>After your event has started</td><td>None</td></tr></tbody></table>',
    );
    const toStart = values({ cancellationRefundDays: 1, cancellationCreditHours: 0, creditExpiryMonths: 1 });
    expect([toStart.fullRefundWhen, toStart.creditTierWhen, toStart.noRefundWhen, toStart.cancellationInBrief, toStart.creditValidFor]).toEqual([
      '1 day or more before your event',
      'Less than 1 day before, until your event starts',
      'After your event has started',
      'A full deposit refund up to 1 day before, a credit until the event starts',
      '1 month',
    ]);
    const toStartEs = values({ cancellationRefundDays: 1, cancellationCreditHours: 0, creditExpiryMonths: 1 }, 'es');
    expect([toStartEs.fullRefundWhen, toStartEs.creditTierWhen, toStartEs.noRefundWhen, toStartEs.creditValidFor]).toEqual([
      '1 día o más antes de su evento',
      'Menos de 1 día antes, hasta que empiece su evento',
      'Una vez que empezó su evento',
      '1 mes',
    ]);
    // Moves free until the start: no "within 0 hours" sentence, and no stray space or full stop where it would be.
    expect(fillPlaceholders('Free when you ask {dateChangeNotice}. {lateDateChange}.', values({ changeCutoffHours: 0 }))).toBe('Free when you ask before your event starts.');
    expect(fillPlaceholders('{lateDateChange}', values({ changeCutoffHours: 1 }))).toBe('Within 1 hour of your event, a date change is possible only for weather.');
    expect([values({ cakeLeadTimeDays: 0 }).cakeDeadline, values({ cakeLeadTimeDays: 0 }, 'es').cakeDeadline]).toEqual(['the day of pickup or delivery', 'el mismo día de la recogida o de la entrega']);
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

  it('have FAQ and support answers, in either language, that state the business’s own booking window, cancellation policy, balance and cake deadline', () => {
    const root = path.resolve('src/content');
    const business = { ...ohioSettings, ...policyUnlikeTheDemo, leadTimeHours: 48, maxDaysAhead: 180, cakeLeadTimeDays: 5 } as const;
    const answers = (file: string, locale: 'en' | 'es', settings: Parameters<typeof placeholderValues>[0] = business) => {
      const values = placeholderValues(settings, (locale === 'en' ? en : es).contentValues, locale);
      return new Map((JSON.parse(readFileSync(path.join(root, file), 'utf8')) as { id: string; answer: string }[]).map((e) => [e.id, fillPlaceholders(e.answer, values)]));
    };
    const english = answers('faq.json', 'en');
    expect(english.get('how-far-ahead')).toMatch(/^You can book online up to 48 hours before your event and up to 180 days ahead\. .* If your party is less than 48 hours away, call us/);
    expect(english.get('change-or-cancel')).toBe(
      'Yes. Cancel 14 days or more before your event and we refund your whole deposit. Between 14 days and 24 hours before, your deposit becomes a credit you can use within 6 months. Within 24 hours the deposit is not refundable, except for weather. Moving your date is free when you ask at least 72 hours before your event and the items are free on the new date. The full rules are in our cancellation policy.',
    );
    for (const id of ['deposit', 'deposit-pay-later']) expect(english.get(id)).toMatch(/The rest is due 3 days before the event\.$/);
    expect(english.get('balance')).toMatch(/^The balance is due 3 days before the event\. Pay it from your booking’s tracking page \(the link is in your booking e-mails\) or by phone\. We take/);
    expect(english.get('balance-pay-later')).toBe('The balance is due 3 days before the event. Pay it from your booking’s tracking page (the link is in your booking e-mails) or by phone.');
    expect(english.get('weather-cancel')).toContain('valid for 6 months');
    expect(english.get('cake-notice')).toMatch(/^Please order no later than 5 days before the pickup or delivery date, /);
    const spanish = answers('es/faq.json', 'es');
    expect(spanish.get('how-far-ahead')).toMatch(/^Puede reservar en línea hasta 48 horas antes de su evento y hasta con 180 días de anticipación\. .* Si su fiesta es en menos de 48 horas, llámenos/);
    expect(spanish.get('change-or-cancel')).toBe(
      'Sí. Si cancela 14 días o más antes de su evento, le devolvemos todo su depósito. Entre 14 días y 24 horas antes, su depósito se convierte en un crédito que puede usar en un plazo de 6 meses. A menos de 24 horas el depósito no se reembolsa, salvo por el clima. Cambiar la fecha es gratis si lo pide al menos 72 horas antes de su evento y los artículos están libres en la nueva fecha. Las reglas completas están en nuestra política de cancelación.',
    );
    for (const id of ['deposit', 'deposit-pay-later']) expect(spanish.get(id)).toMatch(/El resto se paga 3 días antes del evento\.$/);
    expect(spanish.get('balance')).toMatch(/^El saldo se paga 3 días antes del evento\. Páguelo desde la página de su reservación .* o por teléfono\. Aceptamos/);
    expect(spanish.get('weather-cancel')).toContain('válido por 6 meses');
    expect(spanish.get('cake-notice')).toMatch(/^Encárguelo a más tardar 5 días antes de la fecha de recogida o de entrega, /);
    for (const answer of [...english.values(), ...spanish.values()]) expect(answer).not.toMatch(/\b(24 hours away|a year|12 months|7 days|un año|12 meses|7 días)\b|card you paid the deposit with|tarjeta con la que pagó/);

    const support = (file: string, locale: 'en' | 'es') =>
      fillPlaceholders(readFileSync(path.join(root, file), 'utf8'), placeholderValues(business, (locale === 'en' ? en : es).contentValues, locale));
    const help = support('pages/support.md', 'en');
    expect(help).toContain('is free when you ask at least 72 hours before your event.');
    expect(help).toContain('depends on how far ahead you cancel. Cancel 14 days or more before your event and we refund your whole deposit.');
    expect(help).toContain('rain check valid for 6 months');
    const ayuda = support('es/pages/support.md', 'es');
    expect(ayuda).toContain('no cuesta nada si lo pide al menos 72 horas antes de su evento.');
    expect(ayuda).toContain('cancele. Si cancela 14 días o más antes de su evento, le devolvemos todo su depósito.');
    expect(ayuda).toContain('vale de lluvia válido por 6 meses');
    for (const text of [help, ayuda]) expect(text).not.toMatch(/\b(48|12|7) (hours|months|days|horas|meses|días)\b/);

    // The demo's answers read as before, figure for figure.
    const demo = answers('faq.json', 'en', ohioSettings);
    expect(demo.get('change-or-cancel')).toContain('Between 7 days and 48 hours before, your deposit becomes a credit you can use within 12 months. Within 48 hours the deposit is not refundable');
    expect(demo.get('cake-notice')).toContain('no later than 3 days before the pickup or delivery date');
  });

  it('have a demo cakes page, in either language, that states the cake lead time from the settings, not a fixed "3 days"', () => {
    const root = path.resolve('src/content');
    const page = (file: string, locale: 'en' | 'es', cakeLeadTimeDays: number) =>
      fillPlaceholders(readFileSync(path.join(root, file), 'utf8'), placeholderValues({ ...ohioSettings, cakeLeadTimeDays }, (locale === 'en' ? en : es).contentValues, locale));
    const english = page('services/cakes-demo.md', 'en', 5);
    expect(english).toContain('Order no later than 5 days before the pickup or delivery date; a week ahead for tiered cakes');
    expect(english).toContain('answer: No later than 5 days before the pickup or delivery date.');
    expect(english).toContain('Please order no later than 5 days before the pickup or delivery date, and a week ahead');
    const spanish = page('es/services/cakes-demo.md', 'es', 5);
    expect(spanish).toContain('Pida a más tardar 5 días antes de la fecha de recogida o de entrega; los de pisos');
    expect(spanish).toContain('answer: A más tardar 5 días antes de la fecha de recogida o de entrega.');
    expect(spanish).toContain('Haga su pedido a más tardar 5 días antes de la fecha de recogida o de entrega, y con una semana');
    for (const text of [english, spanish]) expect(text).not.toMatch(/\b3 (days|días)\b/);
    // One day is "1 day", and no lead time at all is the day itself, never "0 days".
    expect(page('services/cakes-demo.md', 'en', 1)).toContain('no later than 1 day before the pickup or delivery date');
    expect(page('es/services/cakes-demo.md', 'es', 0)).toContain('a más tardar el mismo día de la recogida o de la entrega');
  });

  it('state the cancellation rules in prose without a tier the policy does not have', () => {
    const rules = (settings: Partial<Parameters<typeof placeholderValues>[0]>, locale: 'en' | 'es' = 'en') =>
      placeholderValues({ ...ohioSettings, ...settings }, (locale === 'en' ? en : es).contentValues, locale).cancellationRules;
    expect(rules({ cancellationRefundDays: 0 })).toBe('Cancel any time before your event starts and we refund your whole deposit.');
    expect(rules({ cancellationRefundDays: 3, cancellationCreditHours: 72 })).toBe('Cancel 3 days or more before your event and we refund your whole deposit. Within 3 days the deposit is not refundable, except for weather.');
    expect(rules({ cancellationRefundDays: 1, cancellationCreditHours: 0, creditExpiryMonths: 1 }, 'es')).toBe(
      'Si cancela 1 día o más antes de su evento, le devolvemos todo su depósito. Con menos de 1 día de anticipación, hasta que empiece su evento, su depósito se convierte en un crédito que puede usar en un plazo de 1 mes.',
    );
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
