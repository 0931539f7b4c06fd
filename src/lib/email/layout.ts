import type { BusinessSettings } from '../business';
import type { Locale } from '../i18n';
import { escape } from './form-message';
import { businessMailbox, type RenderedEmail } from './rendered-email';

/**
 * E-mail layout shared by every feature's messages about a booking (confirmations, receipts,
 * reminders, cake notices, released holds). It lives with the mail, not in lib/booking, so a feature
 * that writes a message needs only this module.
 */
// A web address in a message's text, up to the first space; punctuation that ends the sentence stays outside the link.
const WEB_ADDRESS = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/g;

/**
 * A paragraph's text as HTML, its web addresses as links: most mail clients guess links in plain text,
 * but screen readers and some clients do not, and an address is the one thing a reader acts on.
 */
export function withLinks(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const url = match[0];
    html += `${escape(text.slice(from, match.index))}<a href="${escape(url)}" style="color:#be185d">${escape(url)}</a>`;
    from = match.index + url.length;
  }
  return html + escape(text.slice(from));
}

/**
 * The HTML every message shares: heading, paragraphs, a table of figures, the business's footer. Its
 * `lang` is the message's language, so a screen reader reads a Spanish e-mail with Spanish voice.
 */
export function layout(settings: BusinessSettings, heading: string, paragraphs: string[], rows: [string, string][], language: Locale): string {
  const table = rows
    .map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0">${escape(k)}</td><td style="padding:4px 0;text-align:right">${withLinks(v)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1e293b;max-width:560px;margin:auto">
<h1 style="color:#be185d;font-size:22px">${escape(heading)}</h1>
${paragraphs.map((p) => `<p>${withLinks(p)}</p>`).join('\n')}
<table style="border-collapse:collapse;margin:16px 0">${table}</table>
<p style="color:#475569;font-size:13px">${escape(settings.businessName)} · ${escape(settings.phone)} · ${escape(settings.email)}</p>
</body></html>`;
}

/**
 * A message to a customer in the shared layout, replies going to the business. Its text repeats the
 * paragraphs, the figures one a line (`label: value` unless `rowText` says otherwise) and the
 * business's name and phone. `language`: the message's (its HTML's lang).
 */
export function customerMessage(
  settings: BusinessSettings,
  to: string,
  subject: string,
  paragraphs: string[],
  rows: [string, string][],
  { language, rowText = ([k, v]) => `${k}: ${v}`, ics }: { language: Locale; rowText?: (row: [string, string]) => string; ics?: string },
): RenderedEmail {
  const text = [...paragraphs, ...(rows.length ? ['', ...rows.map(rowText)] : []), '', `${settings.businessName} · ${settings.phone}`].join('\n');
  return { to, replyTo: businessMailbox(settings), subject, text, html: layout(settings, subject, paragraphs, rows, language), ...(ics === undefined ? {} : { ics }) };
}
