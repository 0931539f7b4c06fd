import { message, type Rows } from '../email/form-message';
import type { RenderedEmail } from '../email/rendered-email';
import type { BusinessSettings } from '../settings/schema';
import { firstName } from '../forms/fields';

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
