import type { CartEvent } from './cart-store';

/** An event window from the server (a saved or a widget's cart) as the cart keeps it: a one-day event has no end date. */
export const cartEvent = (event: { date: string; start: string; end: string; endDate?: string | undefined }): CartEvent => ({
  date: event.date,
  start: event.start,
  end: event.end,
  ...(event.endDate && event.endDate !== event.date ? { endDate: event.endDate } : {}),
});
