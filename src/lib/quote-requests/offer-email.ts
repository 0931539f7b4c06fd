import type { PriceQuote } from '../booking/index.server';
import { formatMoney } from '../money';
import { businessMailbox, type RenderedEmail } from '../email';
import { firstName } from '../forms';
import type { BusinessSettings } from '../business';
import { formatClock, formatDayMonth, type EventWindowInput } from '../time';

export interface OfferEmailInput {
  quoteNumber: string;
  name: string;
  email: string;
  event: EventWindowInput;
  zip: string;
  price: PriceQuote;
  message: string;
  /** The customer's answers about the setup spot said back ("You told us: concrete, …", siteToldUs); null: none. */
  setupSpot?: string | null;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const day = (iso: string) => `${formatDayMonth(iso)}, ${iso.slice(0, 4)}`;

export function offerWhen(event: EventWindowInput): string {
  const end = event.endDate && event.endDate !== event.date ? `${day(event.endDate)} ` : '';
  return `${day(event.date)}, ${formatClock(event.start)} – ${end}${formatClock(event.end)}`;
}

/** Every line of the offer, in the order the cart and the booking show them. */
export function offerPriceRows(price: PriceQuote): [string, string][] {
  const rows: [string, string][] = price.lines.map((l) => [`${l.name} × ${l.quantity}`, formatMoney(l.lineTotalCents)]);
  rows.push(['Subtotal', formatMoney(price.subtotalCents)]);
  if (price.discountCents) rows.push([`Discount${price.coupon.code ? ` (${price.coupon.code})` : ''}`, `−${formatMoney(price.discountCents)}`]);
  if (price.damageWaiverCents) rows.push(['Damage waiver', formatMoney(price.damageWaiverCents)]);
  rows.push(['Delivery', formatMoney(price.deliveryFeeCents)]);
  // The setup spot's automatic lines (sandbags, stairs, overnight), as the cart and the booking show them.
  for (const charge of price.siteCharges) rows.push([charge.label, formatMoney(charge.cents)]);
  rows.push(['Sales tax', formatMoney(price.taxCents)]);
  rows.push(['Total', formatMoney(price.totalCents)]);
  rows.push(['Deposit to book', formatMoney(price.depositCents)]);
  rows.push([`Balance (due ${formatDayMonth(price.balanceDueOn)})`, formatMoney(price.balanceCents)]);
  return rows;
}

/**
 * The priced offer to the customer. Booking it is one reply or call away: staff then convert the
 * quote, which books exactly these rentals at this price. The personal page tracks the quote.
 */
export function offerEmail(o: OfferEmailInput, settings: BusinessSettings, siteUrl: string): RenderedEmail {
  const subject = `Your offer for quote ${o.quoteNumber}: ${formatMoney(o.price.totalCents)}`;
  const paragraphs = [
    `Hi ${firstName(o.name)},`,
    ...(o.message ? [o.message] : []),
    `Here is our offer for ${offerWhen(o.event)} (delivery to ZIP ${o.zip}).`,
    ...(o.setupSpot ? [`Your setup spot: ${o.setupSpot} The price includes what it takes; if anything there changes, tell us before you book.`] : []),
    `To book it, reply to this e-mail or call ${settings.phone} and mention quote ${o.quoteNumber}. We reserve the rentals for you and send the booking confirmation with a link to pay the ${formatMoney(o.price.depositCents)} deposit.`,
    `Your personal page for this quote: ${siteUrl}/hi/${o.quoteNumber}`,
    'Availability is confirmed when the booking is made; popular dates go quickly.',
  ];
  const rows = offerPriceRows(o.price);
  const table = rows
    .map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0">${escape(k)}</td><td style="padding:4px 0;text-align:right">${escape(v)}</td></tr>`)
    .join('');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1e293b;max-width:560px;margin:auto">
<h1 style="color:#be185d;font-size:22px">${escape(subject)}</h1>
${paragraphs.map((p) => `<p style="white-space:pre-line">${escape(p)}</p>`).join('\n')}
<table style="border-collapse:collapse;margin:16px 0">${table}</table>
<p style="color:#475569;font-size:13px">${escape(settings.businessName)} · ${escape(settings.phone)} · ${escape(settings.email)}</p>
</body></html>`;
  const text = [...paragraphs, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `${settings.businessName} · ${settings.phone} · ${settings.email}`].join('\n');
  return { to: o.email, replyTo: businessMailbox(settings), subject, text, html };
}
