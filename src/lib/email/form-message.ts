import { businessMailbox, type EmailAttachment, type Mailbox, type RenderedEmail } from './rendered-email';
import type { BusinessSettings } from '../business';
import type { Locale } from '../i18n';
import { formatLongDate } from '../time';

/**
 * The one layout of the acknowledgements to customers and notices to the business for every form
 * (each feature's e-mails module builds its messages with it). Pure: the services queue the
 * message in outbound_emails after the submission is stored.
 */
export const escape = (s: string) => (HTML_SPECIAL.test(s) ? s.replace(HTML_SPECIALS, (c) => `&#${c.charCodeAt(0)};`) : s);
// Most of a message's texts (its figures, dates, links) have none of these: looked for before replacing.
const HTML_SPECIAL = /[&<>"']/;
const HTML_SPECIALS = /[&<>"']/g;

export type Rows = [string, string][];

/**
 * `replyTo`: where the recipient's Reply goes. Notices to the business reply to the customer who
 * wrote; messages to customers reply to the business (the sender may be a no-reply address).
 * `language`: the message's, its HTML's `lang` (a screen reader reads a Spanish e-mail with a Spanish
 * voice); the business's own notices are English.
 */
export function message(
  settings: BusinessSettings,
  to: string,
  subject: string,
  paragraphs: string[],
  rows: Rows = [],
  { attachments, replyTo = businessMailbox(settings), language = 'en' }: { attachments?: EmailAttachment[]; replyTo?: Mailbox | null; language?: Locale } = {},
): RenderedEmail {
  const table = rows.length
    ? `<table style="border-collapse:collapse;margin:16px 0">${rows
        .map(([k, v]) => `<tr><td style="padding:4px 12px 4px 0;vertical-align:top;color:#475569">${escape(k)}</td><td style="padding:4px 0;white-space:pre-line">${escape(v)}</td></tr>`)
        .join('')}</table>`
    : '';
  const html = `<!doctype html><html lang="${language}"><body style="font-family:system-ui,sans-serif;color:#1e293b;max-width:560px;margin:auto">
<h1 style="color:#be185d;font-size:22px">${escape(subject)}</h1>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
${table}
<p style="color:#475569;font-size:13px">${escape(settings.businessName)} · ${escape(settings.phone)} · ${escape(settings.email)}</p>
</body></html>`;
  const text = [...paragraphs, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', `${settings.businessName} · ${settings.phone} · ${settings.email}`].join('\n');
  return { to, subject, text, html, ...(replyTo ? { replyTo } : {}), ...(attachments ? { attachments } : {}) };
}

/**
 * The greeting of every acknowledgement to an address nobody has verified. Such a message carries
 * only what the business wrote plus catalog data (product names, prices, reference numbers, dates):
 * nothing typed into the form, not even the name, or the form would relay a stranger's words from
 * the business's own domain to anyone. Notices to the business's own inbox may show everything.
 */
export const UNVERIFIED_GREETING = 'Hello,';

/** A form's date as every customer e-mail writes a long date: 'Saturday, December 19, 2026'. */
export const longDay = (iso: string) => formatLongDate(iso);
