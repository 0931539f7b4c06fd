import { describe, expect, it } from 'vitest';
import { BUSINESS_INBOX, expectNoSpam, settings, SPAM, SPAM_NAME } from '../../../tests/support/unverified-acknowledgement';
import { contactBusinessEmail, contactCustomerEmail, type ContactSummary } from './contact-emails';

describe('the acknowledgement of a contact or support message', () => {
  const contact: ContactSummary = { kind: 'contact', name: SPAM_NAME, email: 'x@example.com', phone: '', subject: SPAM, message: SPAM, bookingNumber: 'PF-SPAMSPAM' };

  it('carries the business’s words only; the notice to the business has the whole message', () => {
    for (const kind of ['contact', 'support'] as const) {
      const ack = contactCustomerEmail({ ...contact, kind }, settings);
      expectNoSpam(ack);
      expect(ack.text).not.toContain('PF-SPAMSPAM');
      expect(ack.to).toBe('x@example.com');
      expect(ack.text).toContain(settings.phone);
    }
    const notice = contactBusinessEmail(contact, settings, BUSINESS_INBOX);
    expect(notice.text).toContain(SPAM);
    expect(notice.text).toContain(SPAM_NAME);
  });

  it('is written in Spanish for a message from the Spanish page; the business is told to answer in Spanish', () => {
    for (const kind of ['contact', 'support'] as const) {
      const ack = contactCustomerEmail({ ...contact, kind }, settings, 'es');
      expectNoSpam(ack);
      expect(ack.text).toContain(`Si es urgente, llame al ${settings.phone}.`);
      expect(`${ack.subject}\n${ack.text}`).not.toMatch(/\b(the|your|we)\b/i);
    }
    expect(contactBusinessEmail({ ...contact, language: 'es' }, settings, BUSINESS_INBOX).text).toContain('Sent from the Spanish page');
  });
});
