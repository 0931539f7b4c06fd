import type { RenderedEmail } from '../../src/lib/email';
import { composeMessage } from '../../src/lib/email/mime.server';
import { mailText } from './mail-text';

/**
 * A rendered e-mail as its reader gets it, for unit tests: composed into the bytes the outbox sends
 * (composeMessage, nodemailer's MIME) and read back through the suite's MIME helper (mailText), so a
 * test sees the decoded words of every text part, not the template's strings.
 */
export function readAsCustomer(mail: RenderedEmail): string {
  const composed = composeMessage({ from: 'shop@example.com', to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }, 'unix');
  if (!composed) throw new Error('composeMessage did not write this message');
  return mailText(composed.message.toString('binary'));
}

const HEADER = /^(From|To|Reply-To|Subject|Message-ID|MIME-Version|Content-Type|Content-Transfer-Encoding): .*$|^Date: \w{3}, \d{2} \w{3} \d{4} .*$/gm;

/** The words of a message as read (readAsCustomer), without the MIME headers, links, addresses, HTML tags and the names given. */
export function spanishWords(read: string, names: readonly string[]): string {
  const body = read.replace(HEADER, '');
  return names.reduce((text, name) => text.replaceAll(name, ''), body.replace(/https?:\/\/\S+/g, '').replace(/\S+@\S+/g, '').replace(/<[^>]+>/g, ' '));
}

// Words an English customer e-mail has and a Spanish one must not ("Total" and "Subtotal" are Spanish too).
const ENGLISH = ['the', 'your', 'you', 'and', 'hi', 'hello', 'here', 'offer', 'quote', 'booking', 'book', 'deposit', 'balance', 'due', 'delivery',
  'discount', 'tax', 'waiver', 'call', 'reply', 'questions', 'cake', 'order', 'ready', 'delivered', 'enjoy', 'party', 'date', 'pick', 'address', 'with', 'told', 'setup', 'sandbags'];
/** The English words left in a Spanish message's words (word edges by letters of any language: "entregó" holds no "to"). */
export const englishIn = (words: string): string[] => words.match(new RegExp(`(?<!\\p{L})(${ENGLISH.join('|')})(?!\\p{L})`, 'giu')) ?? [];
