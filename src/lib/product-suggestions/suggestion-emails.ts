import { message, UNVERIFIED_GREETING, type Rows, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
import type { Locale } from '../i18n';
import { adminPaths } from '../paths';

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

/** The acknowledgement in each language (issue #40): English is exactly what it always said. */
const ACKNOWLEDGEMENT: Record<Locale, { subject: string; hello: string; thanks: (business: string) => string; notYou: (business: string) => string }> = {
  en: {
    subject: 'Thanks for your rental suggestion',
    hello: UNVERIFIED_GREETING,
    thanks: (business) => `Thank you for suggesting a rental to ${business}. We read every suggestion when we plan what to add next; if we add it, we will let you know.`,
    notYou: (business) => `If you did not write to ${business}, someone typed your address by mistake: you can ignore this e-mail.`,
  },
  es: {
    subject: 'Gracias por su sugerencia de renta',
    hello: 'Hola:',
    thanks: (business) => `Gracias por sugerirle una renta a ${business}. Leemos cada sugerencia cuando planeamos qué agregar; si la agregamos, se lo haremos saber.`,
    notYou: (business) => `Si usted no le escribió a ${business}, alguien escribió su dirección por error: puede ignorar este correo.`,
  },
};

/**
 * To the address typed into the form: the business's words only (see UNVERIFIED_GREETING), never the
 * suggestion or its link; in the language of the page the form was sent from.
 */
export function suggestionCustomerEmail(s: { email: string }, settings: BusinessSettings, language: Locale = 'en'): RenderedEmail {
  const w = ACKNOWLEDGEMENT[language];
  return message(settings, s.email, w.subject, [w.hello, w.thanks(settings.businessName), w.notYou(settings.businessName)], [], { language });
}

export function suggestionBusinessEmail(s: SuggestionSummary, settings: BusinessSettings, siteUrl: string, to: string): RenderedEmail {
  return message(
    settings,
    to,
    `Rental suggestion: ${s.what}`,
    [`${s.name ?? 'A visitor'}${s.email ? ` (${s.email})` : ''} suggested a rental.`, `All suggestions: ${siteUrl}${adminPaths.productSuggestions}`],
    suggestionRows(s),
    { replyTo: s.email ? { name: s.name ?? '', address: s.email } : null },
  );
}
