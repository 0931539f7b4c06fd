import { codeLabels } from '../labels';

/**
 * The life of a customer's quote request as staff answer it in the admin. Pure, so the screen shows
 * only the moves the server will accept and unit tests pin the rules down.
 */

export const quoteStatuses = ['new', 'offered', 'accepted', 'converted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const quoteStatusLabels = codeLabels(quoteStatuses, { converted: 'Booked' });

/**
 * Quote moves staff make by hand. Sending an offer (→ offered) and converting (→ converted) are
 * their own actions because they need a price and a booking; a closed quote can get a fresh
 * offer when the customer comes back, but a booked one is final.
 */
export const quoteTransitions: Record<QuoteStatus, QuoteStatus[]> = {
  new: ['offered', 'declined', 'expired'],
  offered: ['offered', 'accepted', 'converted', 'declined', 'expired'],
  accepted: ['offered', 'converted', 'declined', 'expired'],
  converted: [],
  declined: ['offered'],
  expired: ['offered'],
};

export function canMoveQuote(from: QuoteStatus, to: QuoteStatus): boolean {
  return quoteTransitions[from].includes(to);
}

/** A quote can become a booking only once an offer fixed what to book. */
export const convertibleQuoteStatuses: QuoteStatus[] = ['offered', 'accepted'];
