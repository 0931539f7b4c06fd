import { bookingNumber, emailAddress, honeypot, submissionId } from '../forms';
import { languageField } from '../booking';
import { priceRequest } from '../pricing';
import { z } from '../validation';

/** A personal link's key: random, URL-safe, as the other personal links carry. */
const key = z.string({ error: 'The link is incomplete' }).regex(/^[A-Za-z0-9_-]{32,64}$/, 'The link is incomplete');

/**
 * POST /api/checkout-cart: checkout captures the cart once the customer has typed a valid e-mail, with
 * what checkout itself requires of a cart (the price request: products, dates, ZIP). Nothing else.
 */
export const cartCapture = z.object({
  email: emailAddress,
  cart: priceRequest,
  /** The language of the page the cart was saved from: its reminder is written in it. */
  language: languageField,
});
export type CartCapture = z.infer<typeof cartCapture>;

/** GET /api/checkout-cart?key=: the link back to a saved cart. */
export const savedCartQuery = z.object({ key });

/** GET /api/review?booking=&key=&answer=: the review request's "how did we do?" answer. */
export const reviewAnswerQuery = z.object({
  booking: bookingNumber,
  key,
  answer: z.enum(['happy', 'unhappy'], { error: 'Choose happy or unhappy' }),
});

/** POST /api/review: the private feedback form an unhappy answer opens. */
export const feedbackBody = z.object({
  submissionId,
  website: honeypot,
  booking: bookingNumber,
  key,
  message: z
    .string({ error: 'Tell us what went wrong' })
    .trim()
    .min(10, 'Tell us a little more (at least 10 characters)')
    .max(5000, 'Use at most 5,000 characters'),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

/** POST /api/unsubscribe?address=&key=: one click from the mail client (RFC 8058), or the page's button. */
export const unsubscribeQuery = z.object({
  address: emailAddress,
  key,
});

/** POST /api/review/context: the feedback page's greeting. */
export const reviewContextBody = z.object({ booking: bookingNumber, key });
