import { expect } from 'vitest';
import type { BusinessSettings } from '../../src/lib/business';
import type { RenderedEmail } from '../../src/lib/email';

/**
 * For the tests of each form's acknowledgement e-mail: acknowledgements go to addresses nobody has
 * verified, so they carry only the business's words and catalog data. Whatever a stranger types into
 * a form (here, spam) must never reach the recipient; the business's own notice keeps everything.
 */
export const settings = {
  businessName: 'Pink Flamingo Party Rentals',
  phone: '(512) 555-0100',
  email: 'hello@pinkflamingo.example',
  addressLine1: '100 Main St',
  addressCity: 'Round Rock',
} as BusinessSettings;

/** What a stranger types into every free-text field of a form. */
export const SPAM = 'Cheap pills at spam.example';
/** …and into the name field, where an acknowledgement would greet them by it. */
export const SPAM_NAME = 'Visit spam.example';
export const BUSINESS_INBOX = 'inbox@pinkflamingo.example';

const everythingReadable = (m: RenderedEmail) => [m.subject, m.text, m.html, ...(m.attachments ?? []).map((a) => a.filename)].join('\n');

/** Fails when any of the spam typed into the form shows anywhere in the message, attachments' names included. */
export const expectNoSpam = (m: RenderedEmail) => expect(everythingReadable(m)).not.toMatch(/spam|pills|Visit/i);

/**
 * An acknowledgement sent from a Spanish page: no spam, its subject, the lines it must say, no English
 * word, and HTML that says it is Spanish (a screen reader reads it with a Spanish voice).
 */
export function expectSpanishAcknowledgement(m: RenderedEmail, subject: string, lines: readonly string[]) {
  expectNoSpam(m);
  expect(m.subject).toBe(subject);
  for (const line of lines) expect(m.text).toContain(line);
  expect(m.text).not.toMatch(/\b(the|your|we)\b/i);
  expect(m.html).toContain('<html lang="es">');
}
