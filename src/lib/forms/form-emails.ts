import { formatMoney } from '../catalog/format';
import { choiceLabel, CAKE_FILLINGS, CAKE_FLAVOURS, CAKE_FROSTINGS } from '../cakes/cake-options';
import { businessMailbox, type EmailAttachment, type Mailbox, type RenderedEmail } from '../email/booking-emails';
import type { BusinessSettings } from '../settings/schema';
import { formatDayMonth } from '../time/event-window';
import { WAIVER_RULES } from '../waivers/waiver-text';
import { eventTypeLabel, outsideServiceAreaNotice, outsideServiceAreaStaffNote } from './quote-request';
import { firstName } from './fields';

/**
 * Acknowledgements to customers and notices to the business for every form. Pure: each function
 * returns the message; the services queue it in outbound_emails after the submission is stored.
 */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Rows = [string, string][];

/**
 * `replyTo`: where the recipient's Reply goes. Notices to the business reply to the customer who
 * wrote; messages to customers reply to the business (the sender may be a no-reply address).
 */
function message(
  settings: BusinessSettings,
  to: string,
  subject: string,
  paragraphs: string[],
  rows: Rows = [],
  { attachments, replyTo = businessMailbox(settings) }: { attachments?: EmailAttachment[]; replyTo?: Mailbox | null } = {},
): RenderedEmail {
  const table = rows.length
    ? `<table style="border-collapse:collapse;margin:16px 0">${rows
        .map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;vertical-align:top;color:#475569">${escape(k)}</td><td style="padding:4px 0;white-space:pre-line">${escape(v)}</td></tr>`)
        .join('')}</table>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1e293b;max-width:560px;margin:auto">
<h1 style="color:#be185d;font-size:22px">${escape(subject)}</h1>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
${table}
<p style="color:#475569;font-size:13px">${escape(settings.businessName)} · ${escape(settings.phone)} · ${escape(settings.email)}</p>
</body></html>`;
  const text = [...paragraphs, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `${settings.businessName} · ${settings.phone} · ${settings.email}`].join('\n');
  return { to, subject, text, html, ...(replyTo ? { replyTo } : {}), ...(attachments ? { attachments } : {}) };
}

const longDay = (iso: string) => `${formatDayMonth(iso)}, ${iso.slice(0, 4)}`;

// ---------------------------------------------------------------- quotes

export interface QuoteSummary {
  number: string;
  name: string;
  email: string;
  phone: string;
  eventType: string;
  eventDate: string;
  guestCount: number;
  zip: string;
  items: { name: string; quantity: number }[];
  details: string;
  budgetCents: number | null;
  /** No service area has the ZIP (src/lib/forms/quote-request.ts). */
  outsideServiceArea: boolean;
}

function quoteRows(q: QuoteSummary): Rows {
  const rows: Rows = [
    ['Quote number', q.number],
    ['Event', eventTypeLabel(q.eventType)],
    ['Date', longDay(q.eventDate)],
    ['Guests', String(q.guestCount)],
    ['ZIP code', q.outsideServiceArea ? `${q.zip} (outside our service area)` : q.zip],
  ];
  if (q.items.length) rows.push(['Rentals', q.items.map((i) => `${i.name} × ${i.quantity}`).join('\n')]);
  if (q.details) rows.push(['Anything else', q.details]);
  if (q.budgetCents !== null) rows.push(['Budget', formatMoney(q.budgetCents)]);
  return rows;
}

export function quoteCustomerEmail(q: QuoteSummary, settings: BusinessSettings, siteUrl: string): RenderedEmail {
  return message(
    settings,
    q.email,
    `We received your quote request ${q.number}`,
    [
      `Hi ${firstName(q.name)},`,
      `Thank you for asking ${settings.businessName} for a quote. We check availability for your date and reply with a price, usually within one business day.`,
      ...(q.outsideServiceArea ? [outsideServiceAreaNotice(q.zip, settings.phone)] : []),
      `Your personal page for this quote: ${siteUrl}/hi/${q.number}`,
      `Questions in the meantime? Call ${settings.phone} and mention quote ${q.number}.`,
    ],
    quoteRows(q),
  );
}

export function quoteBusinessEmail(q: QuoteSummary, settings: BusinessSettings, siteUrl: string, to: string): RenderedEmail {
  return message(
    settings,
    to,
    `New quote request ${q.number}: ${eventTypeLabel(q.eventType)} on ${formatDayMonth(q.eventDate)}`,
    [
      `${q.name} (${q.email}${q.phone ? `, ${q.phone}` : ''}) asked for a quote.`,
      ...(q.outsideServiceArea ? [outsideServiceAreaStaffNote(q.zip)] : []),
      `Open the quotes list: ${siteUrl}/admin/quotes`,
    ],
    quoteRows(q),
    { replyTo: { name: q.name, address: q.email } },
  );
}

// ---------------------------------------------------------------- contact and support

export interface ContactSummary {
  kind: 'contact' | 'support';
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  bookingNumber: string | null;
}

function contactRows(m: ContactSummary): Rows {
  const rows: Rows = [];
  if (m.bookingNumber) rows.push(['Booking', m.bookingNumber]);
  if (m.subject) rows.push(['Subject', m.subject]);
  rows.push(['Message', m.message]);
  return rows;
}

export function contactCustomerEmail(m: ContactSummary, settings: BusinessSettings): RenderedEmail {
  const support = m.kind === 'support';
  return message(
    settings,
    m.email,
    support ? 'We received your support request' : `Thanks for your message, ${firstName(m.name)}`,
    [
      `Hi ${firstName(m.name)},`,
      support
        ? 'Thank you for letting us know. We answer support requests within one business day. On party day, please call us: it is the fastest way to reach the crew.'
        : 'Thank you for getting in touch. We reply within one business day.',
      `If it is urgent, call ${settings.phone}.`,
      'Your message, for your records:',
    ],
    contactRows(m),
  );
}

/** `inboxUrl`: the message in the admin inbox, where it is marked handled and the customer's history is beside it. */
export function contactBusinessEmail(m: ContactSummary, settings: BusinessSettings, to: string, inboxUrl?: string): RenderedEmail {
  const label = m.kind === 'support' ? 'Support request' : 'Message';
  return message(
    settings,
    to,
    `${label} from ${m.name}${m.subject ? `: ${m.subject}` : ''}`,
    [
      `${m.name} (${m.email}${m.phone ? `, ${m.phone}` : ''}) wrote through the ${m.kind === 'support' ? 'support' : 'contact'} form. Reply to them directly.`,
      ...(inboxUrl ? [`Open it in the inbox: ${inboxUrl}`] : []),
    ],
    contactRows(m),
    { replyTo: { name: m.name, address: m.email } },
  );
}

// ---------------------------------------------------------------- product suggestions

export interface SuggestionSummary {
  what: string;
  why: string;
  link: string | null;
  name: string | null;
  email: string | null;
}

function suggestionRows(s: SuggestionSummary): Rows {
  const rows: Rows = [['Suggested rental', s.what]];
  if (s.why) rows.push(['Why', s.why]);
  if (s.link) rows.push(['Link', s.link]);
  return rows;
}

export function suggestionCustomerEmail(s: SuggestionSummary & { email: string }, settings: BusinessSettings): RenderedEmail {
  return message(
    settings,
    s.email,
    'Thanks for your rental suggestion',
    [
      s.name ? `Hi ${firstName(s.name)},` : 'Hi,',
      `Thank you for suggesting a rental to ${settings.businessName}. We read every suggestion when we plan what to add next; if we add it, we will let you know.`,
    ],
    suggestionRows(s),
  );
}

export function suggestionBusinessEmail(s: SuggestionSummary, settings: BusinessSettings, siteUrl: string, to: string): RenderedEmail {
  return message(
    settings,
    to,
    `Rental suggestion: ${s.what}`,
    [`${s.name ?? 'A visitor'}${s.email ? ` (${s.email})` : ''} suggested a rental.`, `All suggestions: ${siteUrl}/admin/product-suggestions`],
    suggestionRows(s),
    { replyTo: s.email ? { name: s.name ?? '', address: s.email } : null },
  );
}

// ---------------------------------------------------------------- cake orders

export interface CakeOrderSummary {
  number: string;
  productName: string;
  name: string;
  email: string;
  phone: string;
  servings: number;
  tiers: number;
  flavour: string;
  filling: string;
  frosting: string;
  messageOnCake: string | null;
  allergies: string;
  fulfilment: 'pickup' | 'delivery';
  neededOn: string;
  bookingNumber: string | null;
  priceCents: number;
  priceLines: { label: string; amountCents: number }[];
  hasPhoto: boolean;
}

function cakeRows(o: CakeOrderSummary, settings: BusinessSettings): Rows {
  const rows: Rows = [
    ['Order number', o.number],
    ['Cake', o.productName],
    ['Size', `${o.servings} servings, ${o.tiers} ${o.tiers === 1 ? 'tier' : 'tiers'}`],
    ['Flavour', choiceLabel(CAKE_FLAVOURS, o.flavour)],
    ['Filling', choiceLabel(CAKE_FILLINGS, o.filling)],
    ['Frosting', choiceLabel(CAKE_FROSTINGS, o.frosting)],
  ];
  if (o.messageOnCake) rows.push(['Message on the cake', o.messageOnCake]);
  rows.push(['Allergies', o.allergies || 'None given']);
  rows.push(
    o.fulfilment === 'pickup'
      ? ['Pickup', `${longDay(o.neededOn)} at ${settings.addressLine1}, ${settings.addressCity}`]
      : ['Delivery', `${longDay(o.neededOn)} with rental booking ${o.bookingNumber}`],
  );
  if (o.hasPhoto) rows.push(['Reference photo', 'Received']);
  for (const line of o.priceLines) rows.push([line.label, formatMoney(line.amountCents)]);
  rows.push(['Cake total', formatMoney(o.priceCents)]);
  return rows;
}

export function cakeCustomerEmail(o: CakeOrderSummary, settings: BusinessSettings): RenderedEmail {
  return message(
    settings,
    o.email,
    `We received your cake order ${o.number}`,
    [
      `Hi ${firstName(o.name)},`,
      `Thank you for ordering a ${o.productName} from ${settings.businessName}. Our baker reviews every order and calls or e-mails you within one business day to confirm the design and how to pay.`,
      'Our kitchen handles wheat, milk, eggs, soy and tree nuts. If anything about allergies changes, please tell us before the baking day.',
    ],
    cakeRows(o, settings),
  );
}

export function cakeBusinessEmail(o: CakeOrderSummary, settings: BusinessSettings, siteUrl: string, to: string): RenderedEmail {
  return message(
    settings,
    to,
    `New cake order ${o.number}: ${o.productName} for ${formatDayMonth(o.neededOn)}`,
    [`${o.name} (${o.email}, ${o.phone}) ordered a cake.`, `Cake orders: ${siteUrl}/admin/cake-orders`],
    cakeRows(o, settings),
    { replyTo: { name: o.name, address: o.email } },
  );
}

// ---------------------------------------------------------------- waivers

export interface WaiverSummary {
  id: string;
  bookingNumber: string;
  eventDate: string;
  signerName: string;
  signerEmail: string;
  signedAt: string;
  textSha256: string;
  pdfUrl: string;
  adults: string[];
  guestCount: number;
}

export function waiverSignerEmail(w: WaiverSummary, settings: BusinessSettings, pdf: Uint8Array): RenderedEmail {
  return message(
    settings,
    w.signerEmail,
    `Your signed waiver for booking ${w.bookingNumber}`,
    [
      `Hi ${firstName(w.signerName)},`,
      `Thank you for signing the safety waiver for the party on ${longDay(w.eventDate)}. A PDF copy is attached; you can also download it here: ${w.pdfUrl}`,
      `Before the first jump, please go over the ${WAIVER_RULES.length} safety rules with the other adults supervising.`,
    ],
    [
      ['Booking', w.bookingNumber],
      ['Signed by', w.signerName],
      ['Signed at', w.signedAt],
      ['Document fingerprint (SHA-256)', w.textSha256],
    ],
    { attachments: [{ filename: `waiver-${w.bookingNumber}.pdf`, contentType: 'application/pdf', contentBase64: Buffer.from(pdf).toString('base64') }] },
  );
}

export function waiverBusinessEmail(w: WaiverSummary, settings: BusinessSettings, siteUrl: string, to: string): RenderedEmail {
  return message(
    settings,
    to,
    `Waiver signed for ${w.bookingNumber} by ${w.signerName}`,
    [`${w.signerName} (${w.signerEmail}) signed the safety waiver for the party on ${longDay(w.eventDate)}.`, `All waivers: ${siteUrl}/admin/waivers`],
    [
      ['Booking', w.bookingNumber],
      ['Adults supervising', w.adults.join(', ')],
      ['Guests listed', String(w.guestCount)],
      ['Signed at', w.signedAt],
    ],
    { replyTo: { name: w.signerName, address: w.signerEmail } },
  );
}
