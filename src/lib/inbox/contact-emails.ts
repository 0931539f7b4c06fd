import { message, UNVERIFIED_GREETING, type Rows, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';

export interface ContactSummary {
  kind: 'contact' | 'support';
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  bookingNumber: string | null;
  /** The language of the page it was sent from: the customer's acknowledgement is written in it. */
  language?: 'en' | 'es';
}

function contactRows(m: ContactSummary): Rows {
  const rows: Rows = [];
  if (m.bookingNumber) rows.push(['Booking', m.bookingNumber]);
  if (m.subject) rows.push(['Subject', m.subject]);
  rows.push(['Message', m.message]);
  return rows;
}

/** To the address typed into the form: the business's words only (see UNVERIFIED_GREETING), never the message. */
export function contactCustomerEmail(m: Pick<ContactSummary, 'kind' | 'email' | 'language'>, settings: BusinessSettings): RenderedEmail {
  const support = m.kind === 'support';
  if (m.language === 'es') {
    return message(settings, m.email, support ? 'Recibimos su solicitud de ayuda' : 'Gracias por su mensaje', [
      'Hola:',
      support
        ? 'Gracias por avisarnos. Contestamos las solicitudes de ayuda en un día hábil. El día de la fiesta, por favor llámenos: es la forma más rápida de comunicarse con el equipo.'
        : 'Gracias por escribirnos. Le contestamos en un día hábil.',
      `Si es urgente, llame al ${settings.phone}.`,
      `Si usted no le escribió a ${settings.businessName}, alguien escribió su dirección por error: puede ignorar este correo.`,
    ]);
  }
  return message(settings, m.email, support ? 'We received your support request' : 'Thanks for your message', [
    UNVERIFIED_GREETING,
    support
      ? 'Thank you for letting us know. We answer support requests within one business day. On party day, please call us: it is the fastest way to reach the crew.'
      : 'Thank you for getting in touch. We reply within one business day.',
    `If it is urgent, call ${settings.phone}.`,
    `If you did not write to ${settings.businessName}, someone typed your address by mistake: you can ignore this e-mail.`,
  ]);
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
      ...(m.language === 'es' ? ['Sent from the Spanish page: the customer got the acknowledgement in Spanish; please reply in Spanish.'] : []),
      ...(inboxUrl ? [`Open it in the inbox: ${inboxUrl}`] : []),
    ],
    contactRows(m),
    { replyTo: { name: m.name, address: m.email } },
  );
}
