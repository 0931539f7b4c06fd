import type { BusinessSettings } from '../business';
import { customerMessage, type RenderedEmail } from '../email';
import { formatMoney } from '../money';
import { absoluteUrl, productListPath, publicApi, savedCartPath, unsubscribePath } from '../paths';
import { fillWording } from './message-rules';

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

const unsubscribeLine = (u: Unsubscribe) =>
  `Don’t want messages like this? Unsubscribe: ${absoluteUrl(u.siteUrl, unsubscribePath(u.address, u.key))}`;

function withUnsubscribe(mail: RenderedEmail, u: Unsubscribe): RenderedEmail {
  return { ...mail, headers: { ...mail.headers, ...unsubscribeHeaders(u) } };
}

/** "On the way": transactional (the customer needs to be home), so no unsubscribe. */
export function onTheWayMessage(
  settings: BusinessSettings,
  m: { to: string; firstName: string; bookingNumber: string; eta: string; trackUrl: string },
): RenderedMessage {
  const words = fillWording(settings.onTheWayWording, {
    firstName: m.firstName,
    business: settings.businessName,
    eta: m.eta,
  });
  const mail = customerMessage(
    settings,
    m.to,
    `On the way: your party rental ${m.bookingNumber}`,
    [`Hi ${m.firstName},`, words, `Your booking: ${m.trackUrl}`, `Need us? Call ${settings.phone}.`],
    [],
  );
  return { mail, text: `${settings.businessName}: ${words} Questions? ${settings.phone}` };
}

/**
 * The day-before message's text body (its e-mail is the reminder's, with the owner's words and the
 * window), with what to get ready at the setup spot when the booking asks something of it (issue #38).
 */
export function dayBeforeText(settings: BusinessSettings, m: { firstName: string; window: string; prepare?: string | null | undefined }): string {
  const words = fillWording(settings.dayBeforeWording, {
    firstName: m.firstName,
    business: settings.businessName,
    window: m.window,
  });
  return `${settings.businessName}: ${words}${m.prepare ? ` ${m.prepare}` : ''} Questions? ${settings.phone}`;
}

/**
 * The thank-you with a review request: "how did we do?" with two answers. Happy goes (through
 * /api/review, which records it) to the owner's review link; unhappy to the private feedback form,
 * which lands in the admin inbox instead of a public review.
 */
export function reviewRequestMessage(
  settings: BusinessSettings,
  m: { to: string; firstName: string; bookingNumber: string; date: string; key: string },
  u: Unsubscribe,
): RenderedMessage {
  const words = fillWording(settings.reviewRequestWording, {
    firstName: m.firstName,
    business: settings.businessName,
    date: m.date,
  });
  const answer = (a: 'happy' | 'unhappy') =>
    absoluteUrl(u.siteUrl, publicApi.reviewAnswer({ booking: m.bookingNumber, key: m.key, answer: a }));
  const mail = customerMessage(
    settings,
    m.to,
    `How did we do? Your party on ${m.date}`,
    [
      `Hi ${m.firstName},`,
      words,
      `Great! ${answer('happy')}`,
      `Not so great: tell us privately what went wrong: ${answer('unhappy')}`,
      `Planning the next party? ${absoluteUrl(u.siteUrl, productListPath())}`,
      unsubscribeLine(u),
    ],
    [],
  );
  return {
    mail: withUnsubscribe(mail, u),
    text: `${settings.businessName}: ${words} Great: ${answer('happy')} Not great: ${answer('unhappy')}`,
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
  },
  u: Unsubscribe,
): RenderedMessage {
  const words = fillWording(settings.cartReminderWording, {
    business: settings.businessName,
    date: m.date,
    firstName: '',
  });
  const link = absoluteUrl(u.siteUrl, savedCartPath(m.cartKey));
  const mail = customerMessage(
    settings,
    m.to,
    `Your cart is saved: party rentals for ${m.date}`,
    [
      'Hi,',
      words,
      `Back to your cart: ${link}`,
      'Prices and availability are checked again when you open it.',
      unsubscribeLine(u),
    ],
    [
      ...m.lines.map((l): [string, string] => [l.name, `× ${l.quantity}`]),
      ...(m.totalCents === null ? [] : [['Estimated total', formatMoney(m.totalCents)] as [string, string]]),
    ],
  );
  return { mail: withUnsubscribe(mail, u), text: `${settings.businessName}: ${words} ${link}` };
}
