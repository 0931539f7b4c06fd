/**
 * The lives of the customer requests staff answer in the admin: quotes and cake orders. Pure, so
 * the screens show only the moves the server will accept and unit tests pin the rules down.
 */

export const quoteStatuses = ['new', 'offered', 'accepted', 'converted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const quoteStatusLabels: Record<QuoteStatus, string> = {
  new: 'New',
  offered: 'Offered',
  accepted: 'Accepted',
  converted: 'Booked',
  declined: 'Declined',
  expired: 'Expired',
};

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

export const cakeStatuses = ['new', 'confirmed', 'baking', 'ready', 'delivered', 'cancelled'] as const;
export type CakeStatus = (typeof cakeStatuses)[number];

export const cakeStatusLabels: Record<CakeStatus, string> = {
  new: 'New',
  confirmed: 'Confirmed',
  baking: 'Baking',
  ready: 'Ready',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * The cake pipeline: forward one step, back one step (a mis-click or an order re-opened before
 * the cake exists), or cancelled until the cake has left the kitchen. Delivered and cancelled
 * are final: a cake cannot be un-baked, and a cancelled order is re-ordered, not revived.
 */
export const cakeTransitions: Record<CakeStatus, CakeStatus[]> = {
  new: ['confirmed', 'cancelled'],
  confirmed: ['baking', 'new', 'cancelled'],
  baking: ['ready', 'confirmed', 'cancelled'],
  ready: ['delivered', 'baking'],
  delivered: [],
  cancelled: [],
};

export function canMoveCake(from: CakeStatus, to: CakeStatus): boolean {
  return cakeTransitions[from].includes(to);
}

/** The one forward step the board offers as its main button, or null at the end of the line. */
export function nextCakeStatus(from: CakeStatus): CakeStatus | null {
  const order: CakeStatus[] = ['new', 'confirmed', 'baking', 'ready', 'delivered'];
  const index = order.indexOf(from);
  return index >= 0 && index < order.length - 1 ? order[index + 1]! : null;
}
