import type { BusinessSettings } from '../business';
import { customerMessage, type RenderedEmail } from '../email';
import { formatMoney } from '../money';
import { absoluteUrl, productListPath, publicApi, savedCartPath, unsubscribePath } from '../paths';
import { formatsFor, localizedUrl, type Locale } from '../i18n';
import { filledWording, MESSAGE_WORDS } from './message-words';

/** A message ready for either channel: the e-mail, and the short text body the text channel sends instead. */
export interface RenderedMessage {
  mail: RenderedEmail;
  text: string;
}

/** Where a non-transactional message's unsubscribe links point: the one-click POST and the page. */
export interface Unsubscribe {
  siteUrl: string;
  address: string;
  key: string;
}

/**
 * RFC 2369 / RFC 8058: the mail client's "Unsubscribe" posts `List-Unsubscribe=One-Click` to the https
 * address, which suppresses the address at once (no page, no confirmation). The body carries the
 * page's link for people whose client shows no button.
 */
export function unsubscribeHeaders(u: Unsubscribe): Record<string, string> {
  return {
    'List-Unsubscribe': `<${absoluteUrl(u.siteUrl, publicApi.unsubscribe(u.address, u.key))}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The page's link, like every link of a customer's message, to the page in the customer's language (when the business offers it). */
const unsubscribeLine = (u: Unsubscribe, language: Locale, spanishOffered: boolean) =>
  MESSAGE_WORDS[language].unsubscribe(localizedUrl(u.siteUrl, unsubscribePath(u.address, u.key), language, spanishOffered));

function withUnsubscribe(mail: RenderedEmail, u: Unsubscribe): RenderedEmail {
  return { ...mail, headers: { ...mail.headers, ...unsubscribeHeaders(u) } };
}

/** "On the way": transactional (the customer needs to be home), so no unsubscribe. */
export function onTheWayMessage(
  settings: BusinessSettings,
  m: { to: string; firstName: string; bookingNumber: string; eta: string; trackUrl: string; language?: Locale | undefined },
): RenderedMessage {
  const w = MESSAGE_WORDS[m.language ?? 'en'];
  const words = filledWording(settings, 'onTheWayWording', m.language ?? 'en', { firstName: m.firstName, eta: m.eta });
  const mail = customerMessage(
    settings,
    m.to,
    w.onTheWaySubject(m.bookingNumber),
    [w.hi(m.firstName), words, w.yourBooking(m.trackUrl), w.needUs(settings.phone)],
    [],
    { language: m.language ?? 'en' },
  );
  return { mail, text: `${settings.businessName}: ${words} ${w.questions(settings.phone)}` };
}

/**
 * The day-before message's text body (its e-mail is the reminder's, with the owner's words and the
 * window), with what to get ready at the setup spot when the booking asks something of it (issue #38).
 */
export function dayBeforeText(
  settings: BusinessSettings,
  m: { firstName: string; window: string; prepare?: string | null | undefined; language?: Locale | undefined },
): string {
  const language = m.language ?? 'en';
  const words = filledWording(settings, 'dayBeforeWording', language, { firstName: m.firstName, window: m.window });
  return `${settings.businessName}: ${words}${m.prepare ? ` ${m.prepare}` : ''} ${MESSAGE_WORDS[language].questions(settings.phone)}`;
}

/**
 * The thank-you with a review request: "how did we do?" with two answers. Happy goes (through
 * /api/review, which records it) to the owner's review link; unhappy to the private feedback form,
 * which lands in the admin inbox instead of a public review.
 */
export function reviewRequestMessage(
  settings: BusinessSettings,
  m: { to: string; firstName: string; bookingNumber: string; date: string; key: string; language?: Locale | undefined },
  u: Unsubscribe,
): RenderedMessage {
  const language = m.language ?? 'en';
  const w = MESSAGE_WORDS[language];
  const words = filledWording(settings, 'reviewRequestWording', language, { firstName: m.firstName, date: m.date });
  const answer = (a: 'happy' | 'unhappy') =>
    absoluteUrl(u.siteUrl, publicApi.reviewAnswer({ booking: m.bookingNumber, key: m.key, answer: a }));
  const mail = customerMessage(
    settings,
    m.to,
    w.reviewSubject(m.date),
    [
      w.hi(m.firstName),
      words,
      `${w.great} ${answer('happy')}`,
      `${w.notGreat} ${answer('unhappy')}`,
      w.nextParty(localizedUrl(u.siteUrl, productListPath(), language, settings.offerSpanish)),
      unsubscribeLine(u, language, settings.offerSpanish),
    ],
    [],
    { language },
  );
  return {
    mail: withUnsubscribe(mail, u),
    text: `${settings.businessName}: ${words} ${w.greatText} ${answer('happy')} ${w.notGreatText} ${answer('unhappy')}`,
  };
}

/** The one reminder of a checkout left half-way: the link back to the same cart, prices checked again there. */
export function cartReminderMessage(
  settings: BusinessSettings,
  m: {
    to: string;
    cartKey: string;
    lines: { name: string; quantity: number }[];
    date: string;
    totalCents: number | null;
    /** The language of the page the cart was saved from. */
    language?: Locale | undefined;
  },
  u: Unsubscribe,
): RenderedMessage {
  const language = m.language ?? 'en';
  const w = MESSAGE_WORDS[language];
  const words = filledWording(settings, 'cartReminderWording', language, { date: m.date, firstName: '' });
  const link = localizedUrl(u.siteUrl, savedCartPath(m.cartKey), language, settings.offerSpanish);
  const mail = customerMessage(
    settings,
    m.to,
    w.cartSubject(m.date),
    [w.hello, words, w.backToCart(link), w.pricesChecked, unsubscribeLine(u, language, settings.offerSpanish)],
    [
      ...m.lines.map((l): [string, string] => [l.name, `× ${l.quantity}`]),
      ...(m.totalCents === null ? [] : [[w.estimatedTotal, language === 'en' ? formatMoney(m.totalCents) : formatsFor(language).money(m.totalCents)] as [string, string]]),
    ],
    { language },
  );
  return { mail: withUnsubscribe(mail, u), text: `${settings.businessName}: ${words} ${link}` };
}
