import { damageWaiverOffered, type BusinessSettings, stateName } from '../business';
import { bracedWords, stringsIn, type FaqOffer } from '../content';
import { formatsFor, fullStopAfter, interpolate, pluralOf, type Locale, type Messages } from '../i18n';
import { cancellationValues, onlineBookingValues, paymentValues, type PaymentFacts, type PolicyFacts } from './policy-values';

/**
 * Content placeholders: the marketer-edited content (src/content: pages, services, FAQ, reviews)
 * says `{business}` or `{city}` where it names the business, and every build fills them in from the
 * business's settings, so the same files read right for any business. In Markdown bodies, front-matter
 * strings and FAQ answers alike; a `{word}` that is not one of these stops the build (placeholderTypos),
 * since the page would print it as typed.
 */
export const PLACEHOLDERS = {
  business: 'the business name',
  city: 'the city of the business address (Springfield)',
  state: 'the 2-letter state code of the business address (IL)',
  stateName: 'the state’s full name (Illinois)',
  phone: 'the phone number',
  email: 'the e-mail address',
  address: 'the street address with city, state and ZIP (12 Oak St, Springfield, IL 62701)',
  damageWaiverPercent: 'the damage waiver’s share of the rental subtotal (10 %); for FAQ entries shown only with a waiver',
  depositRule: 'the deposit as checkout takes it (30 % of the order total, with a minimum of $50 (orders under $50 are paid in full); or $100 (orders under $100 …)); in Spanish with its preposition (del 30 % …, de $100 …)',
  balanceDue: 'when the balance is due (on the event day, before setup; 3 days before the event)',
  deliveryHours: 'the delivery and pickup hours (between 7:00 AM and 9:00 PM)',
  leadTime: 'how long before an event online booking closes (24 hours); reads "0 hours" when it never closes early, so policy text uses the two below',
  bookOnlineUntil: 'until when one can book online (up to 24 hours before your event; until your event starts)',
  shortNoticeCall: 'a sentence: for an event sooner than the lead time, call us; empty when online booking stays open until the event starts',
  bookingWindow: 'how far ahead one can book (365 days)',
  holdTime: 'how long checkout holds the items while the customer pays (30 minutes)',
  cakeLeadTime: 'how long before its date a cake must be ordered (3 days)',
  cakeDeadline: 'the last day to order, change or cancel a cake (3 days before the pickup or delivery date; the day of pickup or delivery)',
  // The change and cancellation policy (settings: Changes and cancellations), as the cancellation page's table states it:
  fullRefundWhen: 'when cancelling refunds the whole deposit (7 days or more before your event; Any time before your event starts)',
  creditTierWhen: 'when cancelling turns the deposit into a credit (Less than 7 days, but at least 48 hours before); empty when the policy has no credit, and a table row left empty is left out',
  creditTierOutcome: 'what that tier gives (Your full deposit as a credit for a future rental); empty with no credit, like creditTierWhen',
  noRefundWhen: 'when cancelling refunds nothing of the deposit (Less than 48 hours before; After your event has started)',
  cancellationInBrief: 'the cancellation tiers in a few words, for a description (A full deposit refund up to 7 days before, a credit until 48 hours before)',
  cancellationRules: 'the cancellation tiers as sentences, for the FAQ (Cancel 7 days or more before your event and we refund your whole deposit. Between 7 days and 48 hours before, … Within 48 hours the deposit is not refundable, except for weather.)',
  creditValidFor: 'how long a cancellation’s credit or a rain check can be spent (12 months)',
  balanceWhenCancelled: 'a sentence on the balance of a cancelled booking: never owed when it is due only on the event day, refunded in full when it was paid earlier',
  dateChangeNotice: 'until when moving to another date is free (at least 48 hours before your event; before your event starts)',
  lateDateChange: 'a sentence: within the cut-off a date changes only for weather; empty when moves are free until the event starts',
  // How the deposit and the balance are paid (settings: Deposit & payments):
  depositDue: 'a sentence: when the deposit is due and what it is (A deposit is due when you book: 30 % …; with “pay later”: after you book, by phone)',
  itemsHeld: 'a sentence: how long the items are held while the deposit is paid (checkout’s 30 minutes; with “pay later”: the hours a confirmed booking is kept)',
  balancePayment: 'a sentence on how the balance is paid: charged to the deposit’s card N days before the event when balances are charged automatically, else paid by the customer (tracking page, phone, or the crew when due on the day)',
} as const;
export type PlaceholderName = keyof typeof PLACEHOLDERS;
export type PlaceholderValues = Record<PlaceholderName, string>;

type Facts = Pick<
  BusinessSettings,
  | 'businessName'
  | 'addressLine1'
  | 'addressCity'
  | 'addressState'
  | 'addressZip'
  | 'phone'
  | 'email'
  | 'damageWaiverPercent'
  | 'depositMode'
  | 'depositPercent'
  | 'depositFlatCents'
  | 'depositMinimumCents'
  | 'balanceDueDaysBefore'
  | 'deliveryWindowStart'
  | 'deliveryWindowEnd'
  | 'leadTimeHours'
  | 'maxDaysAhead'
  | 'holdMinutes'
  | 'cakeLeadTimeDays'
  | 'currency'
> &
  PolicyFacts &
  PaymentFacts;

/** When the balance is due, in `words`' language: "on the event day, before setup" or "3 days before the event". */
export const balanceDueWhen = (settings: Pick<BusinessSettings, 'balanceDueDaysBefore'>, words: Messages['contentValues']): string =>
  settings.balanceDueDaysBefore === 0 ? words.balanceOnEventDay : pluralOf(settings.balanceDueDaysBefore, words.balanceDaysBefore);

/**
 * The values for text in `locale` (`words`: that language's contentValues). The rules a policy page
 * states (the deposit, the balance, the hours, how far ahead) are the settings checkout and the booking
 * rules apply, so the terms a business publishes always say what it charges and allows.
 */
export function placeholderValues(settings: Facts, words: Messages['contentValues'], locale: Locale): PlaceholderValues {
  const f = formatsFor(locale);
  const money = (cents: number) => f.money(cents, settings.currency);
  const rule = depositRule(settings, words, money);
  return {
    business: settings.businessName,
    city: settings.addressCity,
    state: settings.addressState,
    stateName: stateName(settings.addressState),
    phone: settings.phone,
    email: settings.email,
    address: `${settings.addressLine1}, ${settings.addressCity}, ${settings.addressState} ${settings.addressZip}`,
    damageWaiverPercent: `${settings.damageWaiverPercent} %`,
    depositRule: rule,
    balanceDue: balanceDueWhen(settings, words),
    deliveryHours: interpolate(words.deliveryHours, { start: f.clock(settings.deliveryWindowStart), end: f.clock(settings.deliveryWindowEnd) }),
    leadTime: pluralOf(settings.leadTimeHours, words.hours),
    bookingWindow: pluralOf(settings.maxDaysAhead, words.days),
    holdTime: pluralOf(settings.holdMinutes, words.minutes),
    cakeLeadTime: pluralOf(settings.cakeLeadTimeDays, words.days),
    ...onlineBookingValues(settings, words),
    ...cancellationValues(settings, words),
    ...paymentValues(settings, words, rule),
  };
}

/** As the quote computes the deposit (src/lib/pricing/quote.ts): never more than the order, so a smaller order is paid in full. */
function depositRule(settings: Facts, words: Messages['contentValues'], money: (cents: number) => string): string {
  if (settings.depositMode === 'flat') return interpolate(words.depositFlat, { amount: money(settings.depositFlatCents) });
  if (settings.depositMinimumCents === 0) return interpolate(words.depositPercent, { percent: settings.depositPercent });
  return interpolate(words.depositPercentMinimum, { percent: settings.depositPercent, minimum: money(settings.depositMinimumCents) });
}

// With the full stop after a placeholder, if any: a value that ends a sentence with its own ("8:00 p.m.") keeps one.
// With the space before it, if any: an empty sentence at the end of a paragraph leaves no space behind.
/** The names the build fills in, for the content editor's save check (a `{word}` not among them is a typo). */
export const PLACEHOLDER_NAMES: readonly string[] = Object.keys(PLACEHOLDERS);

const PATTERN = new RegExp(`( ?)\\{(${Object.keys(PLACEHOLDERS).join('|')})\\}(\\.)?`, 'g');

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

// A table row whose cells are all empty: one whose placeholders say the case does not exist for this business.
const EMPTY_ROW = /<tr>(?:\s*<td[^>]*>\s*<\/td>)+\s*<\/tr>\s*/g;

/**
 * Fills the placeholders of one text; `html`: the text is rendered HTML, so the values are escaped, and a
 * table row left empty is left out (the cancellation table's credit row for a policy without credits).
 */
export function fillPlaceholders(text: string, values: PlaceholderValues, options: { html?: boolean } = {}): string {
  const filled = text.replace(PATTERN, (_match, space: string, name: PlaceholderName, stop: string | undefined) => {
    const value = options.html ? escapeHtml(values[name]) : values[name];
    // An empty value adds no space or full stop of its own: it is a sentence that does not apply.
    return value ? space + value + (stop ? fullStopAfter(value) : '') : '';
  });
  return options.html ? filled.replace(EMPTY_ROW, '') : filled;
}

/** Every string in a content entry's data (front matter, FAQ fields), however deep; dates and numbers stay. */
export function fillData<T>(data: T, values: PlaceholderValues): T {
  if (typeof data === 'string') return fillPlaceholders(data, values) as T;
  if (Array.isArray(data)) return data.map((item: unknown) => fillData(item, values)) as T;
  if (data && typeof data === 'object' && Object.getPrototypeOf(data) === Object.prototype) {
    return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, fillData(value, values)])) as T;
  }
  return data;
}

/** `{words}` in a text that are not placeholders: most likely a typo of one (`{buisness}`). */
export function unknownPlaceholders(text: string): string[] {
  return bracedWords(text).filter((name) => !(name in PLACEHOLDERS));
}

/**
 * What stops the build over a content entry's `{word}` that is not a placeholder: the page would print
 * it as typed (`{bussiness}`). The content editor refuses such a save; a file edited in Git is caught
 * here, naming the file, rather than on the public page. Null when there is none.
 */
export function placeholderTypos(entry: { id: string; filePath?: string | undefined; data: unknown; body?: string | undefined }): string | null {
  const typos = [...new Set([...stringsIn(entry.data).map((s) => s.text), entry.body ?? ''].flatMap(unknownPlaceholders))];
  if (typos.length === 0) return null;
  return `${entry.filePath ?? entry.id}: ${typos.map((name) => `{${name}}`).join(', ')} ${typos.length === 1 ? 'is not a placeholder' : 'are not placeholders'} (the page would show ${typos.length === 1 ? 'it' : 'them'} as typed); the placeholders are listed in src/lib/site/content-placeholders.ts.`;
}

/**
 * The demo's own content. An entry marked `demo: true` is built only while the site is the seeded
 * demo (business_settings.is_demo). One whose id is another's plus `-demo` (about-demo next to about)
 * takes that entry's place, under its id, while the site is the demo; the plain entry is the
 * generic version every other business gets.
 */
export function resolveDemoEntries<E extends { id: string; data: { demo?: boolean | undefined } }>(entries: readonly E[], isDemo: boolean): E[] {
  if (!isDemo) return entries.filter((e) => !e.data.demo);
  const ids = new Set(entries.map((e) => e.id));
  const replaced = new Set(entries.filter((e) => e.data.demo && e.id.endsWith('-demo') && ids.has(e.id.slice(0, -5))).map((e) => e.id.slice(0, -5)));
  return entries
    .filter((e) => !replaced.has(e.id))
    .map((e) => (e.data.demo && replaced.has(e.id.slice(0, -5)) && e.id.endsWith('-demo') ? { ...e, id: e.id.slice(0, -5) } : e));
}

/** Whether the business offers what an entry is about (an FAQ's `onlyWith`); an entry that names nothing always is. */
export function isOffered(data: { onlyWith?: FaqOffer | undefined } | object, settings: Pick<BusinessSettings, 'damageWaiverPercent' | 'paymentMode'>): boolean {
  const needs = 'onlyWith' in data ? data.onlyWith : undefined;
  if (!needs) return true;
  const offers: Record<FaqOffer, boolean> = {
    damageWaiver: damageWaiverOffered(settings),
    depositOnline: settings.paymentMode === 'deposit_online',
    depositLater: settings.paymentMode === 'pay_later',
  };
  return offers[needs];
}
