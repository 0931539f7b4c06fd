import { message, UNVERIFIED_GREETING, type Rows, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
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

/** To the address typed into the form: the business's words only (see UNVERIFIED_GREETING), never the suggestion or its link. */
export function suggestionCustomerEmail(s: { email: string }, settings: BusinessSettings): RenderedEmail {
  return message(settings, s.email, 'Thanks for your rental suggestion', [
    UNVERIFIED_GREETING,
    `Thank you for suggesting a rental to ${settings.businessName}. We read every suggestion when we plan what to add next; if we add it, we will let you know.`,
    `If you did not write to ${settings.businessName}, someone typed your address by mistake: you can ignore this e-mail.`,
  ]);
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
