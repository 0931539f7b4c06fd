import { longDay, message, UNVERIFIED_GREETING, type Rows, type RenderedEmail } from '../email';
import { formatLongDate, formatMediumDate } from '../time';
import type { BusinessSettings } from '../business';
import { formatMoney } from '../money';
import { eventTypeLabel, outsideServiceAreaNotice, outsideServiceAreaStaffNote } from './quote-request-form';
import { adminPaths } from '../paths';

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
  /** No service area has the ZIP (quote-request-form.ts). */
  outsideServiceArea: boolean;
  /** The answers about the setup spot in plain words (siteAnswerRows), and what staff must call about. */
  setupSpot?: { rows: [string, string][]; callAbout: string[] } | undefined;
  /** The language of the page it was sent from: the customer's acknowledgement is written in it. */
  language?: 'en' | 'es';
}

/** `forBusiness`: the business's own inbox also sees what the customer typed ("Anything else"). */
function quoteRows(q: QuoteSummary, { forBusiness }: { forBusiness: boolean }): Rows {
  const rows: Rows = [
    ['Quote number', q.number],
    ['Event', eventTypeLabel(q.eventType)],
    // The business's notice writes dates as the admin does; the customer's acknowledgement in full.
    ['Date', forBusiness ? formatMediumDate(q.eventDate) : longDay(q.eventDate)],
    ['Guests', String(q.guestCount)],
    ['ZIP code', q.outsideServiceArea ? `${q.zip} (outside our service area)` : q.zip],
  ];
  if (q.items.length) rows.push(['Rentals', q.items.map((i) => `${i.name} × ${i.quantity}`).join('\n')]);
  if (q.setupSpot?.rows.length) rows.push(['Setup spot', q.setupSpot.rows.map(([k, v]) => `${k}: ${v}`).join('\n')]);
  if (forBusiness && q.setupSpot?.callAbout.length) rows.push(['Call about', q.setupSpot.callAbout.join('\n')]);
  if (q.details) rows.push(['Anything else', forBusiness ? q.details : 'Received with your request']);
  if (q.budgetCents !== null) rows.push(['Budget', formatMoney(q.budgetCents)]);
  return rows;
}

export function quoteCustomerEmail(q: QuoteSummary, settings: BusinessSettings, siteUrl: string): RenderedEmail {
  if (q.language === 'es') return quoteCustomerEmailEs(q, settings, siteUrl);
  return message(
    settings,
    q.email,
    `We received your quote request ${q.number}`,
    [
      UNVERIFIED_GREETING,
      `Thank you for asking ${settings.businessName} for a quote. We check availability for your date and reply with a price, usually within one business day.`,
      ...(q.outsideServiceArea ? [outsideServiceAreaNotice(q.zip, settings.phone)] : []),
      `Your personal page for this quote: ${siteUrl}/hi/${q.number}`,
      `Questions in the meantime? Call ${settings.phone} and mention quote ${q.number}.`,
    ],
    quoteRows(q, { forBusiness: false }),
  );
}

export function quoteBusinessEmail(q: QuoteSummary, settings: BusinessSettings, siteUrl: string, to: string): RenderedEmail {
  return message(
    settings,
    to,
    `New quote request ${q.number}: ${eventTypeLabel(q.eventType)} on ${formatMediumDate(q.eventDate)}`,
    [
      `${q.name} (${q.email}${q.phone ? `, ${q.phone}` : ''}) asked for a quote.`,
      ...(q.language === 'es' ? ['Sent from the Spanish page: the customer got the acknowledgement in Spanish; please reply in Spanish.'] : []),
      ...(q.outsideServiceArea ? [outsideServiceAreaStaffNote(q.zip)] : []),
      `Open the quotes list: ${siteUrl}${adminPaths.quotes()}`,
    ],
    quoteRows(q, { forBusiness: true }),
    { replyTo: { name: q.name, address: q.email } },
  );
}

/** The acknowledgement of a request sent from the Spanish page, in Spanish (the staff notice stays English). */
function quoteCustomerEmailEs(q: QuoteSummary, settings: BusinessSettings, siteUrl: string): RenderedEmail {
  const rows: Rows = [
    ['Número de cotización', q.number],
    ['Fecha', formatLongDate(q.eventDate, 'es-US')],
    ['Invitados', String(q.guestCount)],
    ['Código postal', q.outsideServiceArea ? `${q.zip} (fuera de nuestra área de servicio)` : q.zip],
  ];
  if (q.items.length) rows.push(['Rentas', q.items.map((i) => `${i.name} × ${i.quantity}`).join('\n')]);
  if (q.details) rows.push(['Algo más', 'Recibido con su solicitud']);
  if (q.budgetCents !== null) rows.push(['Presupuesto', formatMoney(q.budgetCents)]);
  return message(
    settings,
    q.email,
    `Recibimos su solicitud de cotización ${q.number}`,
    [
      'Hola:',
      `Gracias por pedirle una cotización a ${settings.businessName}. Revisamos la disponibilidad para su fecha y le contestamos con un precio, casi siempre en un día hábil.`,
      ...(q.outsideServiceArea
        ? [`El código postal ${q.zip} está fuera de nuestra área de entrega. Ya tenemos su solicitud y le diremos si podemos hacer el viaje y cuánto costaría la entrega; también puede llamar al ${settings.phone}.`]
        : []),
      `Su página personal para esta cotización: ${siteUrl}/es/hi/${q.number}`,
      `¿Preguntas mientras tanto? Llame al ${settings.phone} y mencione la cotización ${q.number}.`,
    ],
    rows,
    { language: 'es' },
  );
}
