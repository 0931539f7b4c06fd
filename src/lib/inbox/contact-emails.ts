import { message, UNVERIFIED_GREETING, type Rows, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
import type { Locale } from '../i18n';

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

/** The acknowledgement in each language (issue #40): English is exactly what it always said. */
const ACKNOWLEDGEMENT: Record<Locale, {
  supportSubject: string;
  subject: string;
  hello: string;
  support: string;
  thanks: string;
  urgent: (phone: string) => string;
  notYou: (business: string) => string;
}> = {
  en: {
    supportSubject: 'We received your support request',
    subject: 'Thanks for your message',
    hello: UNVERIFIED_GREETING,
    support: 'Thank you for letting us know. We answer support requests within one business day. On party day, please call us: it is the fastest way to reach the crew.',
    thanks: 'Thank you for getting in touch. We reply within one business day.',
    urgent: (phone) => `If it is urgent, call ${phone}.`,
    notYou: (business) => `If you did not write to ${business}, someone typed your address by mistake: you can ignore this e-mail.`,
  },
  es: {
    supportSubject: 'Recibimos su solicitud de ayuda',
    subject: 'Gracias por su mensaje',
    hello: 'Hola:',
    support: 'Gracias por avisarnos. Respondemos las solicitudes de ayuda en un día hábil. El día de la fiesta, por favor llámenos: es la forma más rápida de comunicarse con el equipo.',
    thanks: 'Gracias por escribirnos. Respondemos en un día hábil.',
    urgent: (phone) => `Si es urgente, llame al ${phone}.`,
    notYou: (business) => `Si usted no le escribió a ${business}, alguien escribió su dirección por error: puede ignorar este correo.`,
  },
};

/**
 * To the address typed into the form: the business's words only (see UNVERIFIED_GREETING), never the
 * message; in the language of the page the form was sent from.
 */
export function contactCustomerEmail(m: Pick<ContactSummary, 'kind' | 'email'>, settings: BusinessSettings, language: Locale = 'en'): RenderedEmail {
  const support = m.kind === 'support';
  const w = ACKNOWLEDGEMENT[language];
  return message(settings, m.email, support ? w.supportSubject : w.subject, [w.hello, support ? w.support : w.thanks, w.urgent(settings.phone), w.notYou(settings.businessName)], [], { language });
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
