import type { BusinessSettings } from '../business';

/** A named address, as nodemailer takes it. */
export interface Mailbox {
  name: string;
  address: string;
}

export const businessMailbox = (settings: Pick<BusinessSettings, 'businessName' | 'email'>): Mailbox => ({ name: settings.businessName, address: settings.email });

export interface RenderedEmail {
  to: string;
  /** Where a Reply goes: the customer, on a notice to the business; the business, on a message to a customer. */
  replyTo?: Mailbox;
  subject: string;
  text: string;
  html: string;
  /** iCalendar text, attached as invite.ics. */
  ics?: string;
  /**
   * Extra headers: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on messages that are not
   * transactional (src/lib/customer-messages). Only names this site sets; nodemailer encodes the values.
   */
  headers?: Record<string, string>;
  /** Files sent with the message (e.g. a signed waiver PDF), base64 so the queued payload stays JSON. */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}
