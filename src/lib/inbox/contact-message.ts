import { z } from '../validation';
import { emailAddress, honeypot, optionalBookingNumber, optionalPhone, optionalText, personName, submissionId } from '../forms';

export const CONTACT_KINDS = ['contact', 'support'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** POST /api/contact: the /contact form (kind contact) and the /support form (kind support). */
export const contactMessage = z.object({
  submissionId,
  website: honeypot,
  kind: z.enum(CONTACT_KINDS, { error: 'Choose contact or support' }),
  name: personName,
  email: emailAddress,
  phone: optionalPhone,
  subject: optionalText(150),
  message: z
    .string({ error: 'Write your message' })
    .trim()
    .min(10, 'Tell us a little more (at least 10 characters)')
    .max(5000, 'Use at most 5,000 characters'),
  bookingNumber: optionalBookingNumber,
});
export type ContactMessage = z.infer<typeof contactMessage>;
export type ContactMessageInput = z.input<typeof contactMessage>;

export interface ContactReceived {
  reference: string;
}
