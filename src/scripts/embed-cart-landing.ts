import type { RedeemedCart } from '../lib/embed';
import { publicApi } from '../lib/paths';
import { cartEvent } from '../islands/cart/cart-event';
import { cartStore, emptyCart } from '../islands/cart/cart-store';
import { saveEmbedVia } from '../islands/cart/embed-via';
import { requestJson } from '../islands/shared/api';

/**
 * /checkout?cart=…: the checkout opened from the booking widget on the owner's other website (issue
 * #39). The token's cart becomes this browser's cart (the one the customer just built there replaces
 * any older one here), and the address loses the token, so a reload does not open it a second time
 * (unless the booking site did not answer: then a reload is the way to try again).
 * The checkout form appears as soon as the cart has items (client:cart). Loaded only for such an address.
 */
export async function landEmbedCart(token: string, problem: HTMLElement | null): Promise<void> {
  const opened = location.href;
  const url = new URL(opened);
  url.searchParams.delete('cart');
  history.replaceState(history.state, '', url);
  const result = await requestJson<RedeemedCart>(publicApi.embed.cart, { method: 'POST', json: { token } });
  if (!result.ok) {
    // No answer, too many tries, or a failure on the way: the link was (most likely) not opened, and the
    // widget has let its cart go. The address keeps it, so the reload the message asks for tries again.
    if (result.status === 0 || result.status === 429 || result.status >= 500) history.replaceState(history.state, '', opened);
    if (problem) {
      // The server's reason in the page's language; for no answer, or one not ours, the page's own words (CheckoutPage.astro).
      problem.textContent = result.error.fields?.['token'] ?? problem.dataset[result.error.code] ?? result.error.message;
      problem.hidden = false;
    }
    return;
  }
  const { cart, via } = result.data;
  saveEmbedVia(via);
  cartStore().update(() => ({ ...emptyCart, items: cart.items, event: cart.event ? cartEvent(cart.event) : null, zip: cart.zip }));
}
