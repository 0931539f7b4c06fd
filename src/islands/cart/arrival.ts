import { businessClock } from '../../lib/time';
import { cartStore } from './cart-store';

/**
 * What a date search starts from when the page opens: the business's today, the party the address
 * asks for (`?date=&start=&end=`, as typed: the caller checks them) and the event already in the cart.
 */
export function arrival(timeZone: string) {
  const now = businessClock(timeZone).today();
  const params = new URLSearchParams(window.location.search);
  return { now, cartEvent: cartStore().get().event, urlDate: params.get('date'), urlStart: params.get('start'), urlEnd: params.get('end') };
}
