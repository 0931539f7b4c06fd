import { damageWaiverOffered, type BusinessSettings, stateName } from '../business';
import type { FaqOffer } from '../content';

/**
 * Content placeholders: the marketer-edited content (src/content: pages, services, FAQ, reviews)
 * says `{business}` or `{city}` where it names the business, and every build fills them in from the
 * business's settings, so the same files read right for any business. In Markdown bodies, front-matter
 * strings and FAQ answers alike; a `{word}` that is not one of these is left as written.
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
} as const;
export type PlaceholderName = keyof typeof PLACEHOLDERS;
export type PlaceholderValues = Record<PlaceholderName, string>;

type Facts = Pick<BusinessSettings, 'businessName' | 'addressLine1' | 'addressCity' | 'addressState' | 'addressZip' | 'phone' | 'email' | 'damageWaiverPercent'>;

export function placeholderValues(settings: Facts): PlaceholderValues {
  return {
    business: settings.businessName,
    city: settings.addressCity,
    state: settings.addressState,
    stateName: stateName(settings.addressState),
    phone: settings.phone,
    email: settings.email,
    address: `${settings.addressLine1}, ${settings.addressCity}, ${settings.addressState} ${settings.addressZip}`,
    damageWaiverPercent: `${settings.damageWaiverPercent} %`,
  };
}

const PATTERN = new RegExp(`\\{(${Object.keys(PLACEHOLDERS).join('|')})\\}`, 'g');

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Fills the placeholders of one text; `html`: the text is rendered HTML, so the values are escaped. */
export function fillPlaceholders(text: string, values: PlaceholderValues, options: { html?: boolean } = {}): string {
  return text.replace(PATTERN, (_match, name: PlaceholderName) => (options.html ? escapeHtml(values[name]) : values[name]));
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
  return [...text.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]!).filter((name) => !(name in PLACEHOLDERS));
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
