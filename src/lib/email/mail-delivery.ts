/**
 * How mail leaves the site. Every message is queued in outbound_emails first; this says what happens next:
 * - smtp: sent through SMTP_URL;
 * - outbox-files: no SMTP_URL on a local machine: written as .eml files to DATA_DIR/outbox (tests read them);
 * - not-configured: no SMTP_URL on Netlify, whose function disk is read-only: nothing is written anywhere,
 *   messages stay queued (not used up by attempts) and go out once SMTP_URL is set.
 */
export type MailDelivery = 'smtp' | 'outbox-files' | 'not-configured';

export function mailDelivery(setup: { smtpConfigured: boolean; onNetlify: boolean }): MailDelivery {
  if (setup.smtpConfigured) return 'smtp';
  return setup.onNetlify ? 'not-configured' : 'outbox-files';
}

export interface MailStatus {
  delivery: MailDelivery;
  /** One sentence for staff and for whoever reads /api/health. */
  message: string;
}

const messages: Record<MailDelivery, string> = {
  smtp: 'E-mail is sent through the SMTP server set in SMTP_URL.',
  'outbox-files': 'E-mail is not sent: without SMTP_URL each message is written as an .eml file to the outbox folder (DATA_DIR/outbox) on this machine.',
  'not-configured':
    'E-mail is not being sent: SMTP_URL is not set. Customers get no confirmations and staff no notices; every message is kept and goes out once SMTP_URL is set.',
};

export function mailStatus(delivery: MailDelivery): MailStatus {
  return { delivery, message: messages[delivery] };
}
