import type { PriceQuote } from '../booking/index.server';
import { BOOKING_WORDS, customerFormats, deliveryFeeText } from '../booking';
import { businessMailbox, type RenderedEmail } from '../email';
import { firstName } from '../forms';
import type { BusinessSettings } from '../business';
import { formatsFor, localizedPath, type Locale } from '../i18n';
import type { EventWindowInput } from '../time';

export interface OfferEmailInput {
  quoteNumber: string;
  name: string;
  email: string;
  event: EventWindowInput;
  zip: string;
  price: PriceQuote;
  message: string;
  /** The customer's answers about the setup spot said back ("You told us: concrete, …", siteToldUs in the same language); null: none. */
  setupSpot?: string | null;
  /**
   * The language of the page the request was sent from (issue #40): the offer is written in it. The
   * price's product names are given in it too (a Spanish name where the product has one).
   */
  language?: Locale;
}

/** The offer's words in each language: English is exactly what the offer always said. */
const OFFER_WORDS: Record<Locale, {
  subject: (quote: string, total: string) => string;
  hi: (first: string) => string;
  hereIs: (when: string, zip: string) => string;
  setupSpot: (toldUs: string) => string;
  toBook: (phone: string, quote: string, deposit: string) => string;
  personalPage: (url: string) => string;
  availability: string;
  depositToBook: string;
  balance: (due: string) => string;
}> = {
  en: {
    subject: (quote, total) => `Your offer for quote ${quote}: ${total}`,
    hi: (first) => `Hi ${first},`,
    hereIs: (when, zip) => `Here is our offer for ${when} (delivery to ZIP ${zip}).`,
    setupSpot: (toldUs) => `Your setup spot: ${toldUs} The price includes what it takes; if anything there changes, tell us before you book.`,
    toBook: (phone, quote, deposit) =>
      `To book it, reply to this e-mail or call ${phone} and mention quote ${quote}. We reserve the rentals for you and send the booking confirmation with a link to pay the ${deposit} deposit.`,
    personalPage: (url) => `Your personal page for this quote: ${url}`,
    availability: 'Availability is confirmed when the booking is made; popular dates go quickly.',
    depositToBook: 'Deposit to book',
    balance: (due) => `Balance (due ${due})`,
  },
  es: {
    subject: (quote, total) => `Su oferta para la cotización ${quote}: ${total}`,
    hi: (first) => `Hola, ${first}:`,
    hereIs: (when, zip) => `Esta es nuestra oferta para el ${when} (entrega en el código postal ${zip}).`,
    setupSpot: (toldUs) => `Su lugar de instalación: ${toldUs} El precio incluye lo necesario; si algo cambia ahí, avísenos antes de reservar.`,
    toBook: (phone, quote, deposit) =>
      `Para reservarla, responda a este correo o llame al ${phone} y mencione la cotización ${quote}. Le apartamos la renta y le enviamos la confirmación de la reservación con un enlace para pagar el depósito de ${deposit}.`,
    personalPage: (url) => `Su página personal para esta cotización: ${url}`,
    availability: 'La disponibilidad se confirma al hacer la reservación; las fechas populares se llenan rápido.',
    depositToBook: 'Depósito para reservar',
    balance: (due) => `Saldo (vence el ${due})`,
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** The event as the offer names it, as a booking's e-mails and pages do: 'Saturday, May 8, 2027, 10:00 AM – 4:00 PM' / 'sábado, 8 de mayo de 2027, 10:00 a.m. – 4:00 p.m.'. */
export function offerWhen(event: EventWindowInput, language: Locale = 'en'): string {
  return formatsFor(language).eventWindow(event);
}

/** Every line of the offer, in the order the cart and the booking show them, in the offer's language. */
export function offerPriceRows(price: PriceQuote, language: Locale = 'en'): [string, string][] {
  const w = BOOKING_WORDS[language].price;
  const f = customerFormats(language);
  const money = (cents: number) => f.money(cents);
  const rows: [string, string][] = price.lines.map((l) => [`${l.name} × ${l.quantity}`, money(l.lineTotalCents)]);
  rows.push([w.subtotal, money(price.subtotalCents)]);
  if (price.discountCents) rows.push([`${w.discount}${price.coupon.code ? ` (${price.coupon.code})` : ''}`, `−${money(price.discountCents)}`]);
  if (price.damageWaiverCents) rows.push([w.damageWaiver, money(price.damageWaiverCents)]);
  rows.push([w.delivery, deliveryFeeText(price.deliveryFeeCents, language, money)]);
  // The setup spot's automatic lines (sandbags, stairs, overnight), as the cart and the booking show them.
  for (const charge of price.siteCharges) rows.push([charge.label, money(charge.cents)]);
  rows.push([w.salesTax, money(price.taxCents)]);
  rows.push([w.total, money(price.totalCents)]);
  rows.push([OFFER_WORDS[language].depositToBook, money(price.depositCents)]);
  rows.push([OFFER_WORDS[language].balance(f.dayMonth(price.balanceDueOn)), money(price.balanceCents)]);
  return rows;
}

/**
 * The priced offer to the customer. Booking it is one reply or call away: staff then convert the
 * quote, which books exactly these rentals at this price. The personal page tracks the quote.
 */
export function offerEmail(o: OfferEmailInput, settings: BusinessSettings, siteUrl: string): RenderedEmail {
  const language = o.language ?? 'en';
  const w = OFFER_WORDS[language];
  const money = customerFormats(language).money;
  const subject = w.subject(o.quoteNumber, money(o.price.totalCents));
  const paragraphs = [
    w.hi(firstName(o.name)),
    ...(o.message ? [o.message] : []),
    w.hereIs(offerWhen(o.event, language), o.zip),
    ...(o.setupSpot ? [w.setupSpot(o.setupSpot)] : []),
    w.toBook(settings.phone, o.quoteNumber, money(o.price.depositCents)),
    // The quote's own page in the customer's language (/es/hi/… for a Spanish request).
    w.personalPage(`${siteUrl}${localizedPath(`/hi/${o.quoteNumber}`, language, settings.offerSpanish)}`),
    w.availability,
  ];
  const rows = offerPriceRows(o.price, language);
  const table = rows
    .map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0">${escape(k)}</td><td style="padding:4px 0;text-align:right">${escape(v)}</td></tr>`)
    .join('');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1e293b;max-width:560px;margin:auto">
<h1 style="color:#be185d;font-size:22px">${escape(subject)}</h1>
${paragraphs.map((p) => `<p style="white-space:pre-line">${escape(p)}</p>`).join('\n')}
<table style="border-collapse:collapse;margin:16px 0">${table}</table>
<p style="color:#475569;font-size:13px">${escape(settings.businessName)} · ${escape(settings.phone)} · ${escape(settings.email)}</p>
</body></html>`;
  const text = [...paragraphs, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `${settings.businessName} · ${settings.phone} · ${settings.email}`].join('\n');
  return { to: o.email, replyTo: businessMailbox(settings), subject, text, html };
}
