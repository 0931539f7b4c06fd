import { useId } from 'react';
import IslandToaster from '../shared/IslandToaster';
import { useWords, withWords } from '../shared/island-words';
import type { EventHours } from '../shared/use-event-window';
import type { Cart } from './cart-store';
import ItemsSection, { EMPTY_CART_HEADING } from './ItemsSection';
import PartySection from './PartySection';
import PriceSection from './PriceSection';
import { useCart } from './use-cart';
import { useCartPage } from './use-cart-page';

interface Props {
  openFrom?: string;
  openUntil?: string;
  /** The business's time zone (settings): "today" and the open hours are its local ones. */
  timeZone: string;
  /** Longest rental in days (MAX_RENTAL_DAYS on the server). */
  maxRentalDays?: number;
  /** damageWaiverOffered(settings): the empty price's words name a waiver only when there is one. */
  damageWaiverOffered: boolean;
}

/**
 * The /cart page: items and quantities, one event window and ZIP for the whole order, the live
 * availability of every line and the exact price from the server, coupon and damage waiver.
 */
export default withWords(Cart);

function Cart({
  openFrom = '07:00',
  openUntil = '21:00',
  timeZone,
  maxRentalDays = 7,
  damageWaiverOffered,
}: Props) {
  const { cart: t } = useWords();
  const cart = useCart();
  if (cart === null) {
    return (
      <p className="py-10 text-lg text-slate-700" role="status">
        {t.loadingCart}
      </p>
    );
  }
  return (
    <>
      <IslandToaster />
      {cart.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <FilledCart
          cart={cart}
          hours={{ openFrom, openUntil, timeZone }}
          maxRentalDays={maxRentalDays}
          waiverOffered={damageWaiverOffered}
        />
      )}
    </>
  );
}

function EmptyCart() {
  const { cart: t, link } = useWords();
  return (
    <section aria-labelledby={EMPTY_CART_HEADING} className="rounded-2xl border border-brand-100 bg-brand-50 p-8">
      <h2 id={EMPTY_CART_HEADING} tabIndex={-1} className="text-2xl font-bold text-slate-900">
        {t.emptyTitle}
      </h2>
      <p className="mt-2 max-w-prose text-slate-700">{t.emptyText}</p>
      <ul className="mt-6 flex flex-col gap-3 sm:flex-row">
        <li>
          <a
            href={link('/products')}
            className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-6 py-2 font-bold text-white hover:bg-brand-800"
          >
            {t.browse}
          </a>
        </li>
        <li>
          <a
            href={link('/at')}
            className="inline-flex min-h-11 items-center rounded-full border-2 border-brand-700 bg-white px-6 py-2 font-bold text-brand-800 hover:bg-brand-50"
          >
            {t.freeOnDate}
          </a>
        </li>
      </ul>
    </section>
  );
}

function FilledCart({
  cart,
  hours,
  maxRentalDays,
  waiverOffered,
}: {
  cart: Cart;
  hours: EventHours;
  maxRentalDays: number;
  waiverOffered: boolean;
}) {
  const id = useId();
  const state = useCartPage(cart, hours);
  return (
    <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
      <div className="space-y-10">
        <PartySection id={id} cart={cart} state={state} maxRentalDays={maxRentalDays} />
        <ItemsSection id={id} cart={cart} state={state} />
      </div>
      <PriceSection id={id} cart={cart} state={state} waiverOffered={waiverOffered} />
      <p role="status" className="sr-only">
        {state.announcement}
      </p>
    </div>
  );
}
