import { useId, useMemo } from 'react';
import IslandToaster from '../shared/IslandToaster';
import AddToCart, { type CartProduct } from '../cart/AddToCart';
import { MAX_LINE_QUANTITY, sameEvent, type CartEvent } from '../cart/cart-store';
import { useCart } from '../cart/use-cart';
import { interpolate, pluralOf } from '../../lib/i18n';
import { useWords, withWords } from '../shared/island-words';
import { inputClass } from '../shared/form-classes';
import { WindowSelects } from '../shared/TimeSelect';
import { useLivePrices } from '../shared/use-live-prices';
import { livePriceLabel, startingPriceHeadline } from '../../lib/pricing';
import AvailabilityCalendar from './AvailabilityCalendar';
import { useProductAvailability } from './use-product-availability';

export interface AvailabilityCheckerProps {
  product: CartProduct & { tracksInventory: boolean };
  /** The event window shown before the customer picks one, e.g. '10:00' and '16:00'. */
  defaultStart: string;
  defaultEnd: string;
  /** Delivery hours (business settings); events must fit inside them. */
  openFrom?: string;
  openUntil?: string;
  /** The business's time zone: "today" is its calendar day, not the visitor's. */
  timeZone: string;
}

/**
 * Product page booking widget: a month calendar coloured by what is free, the event window,
 * the quantity, the live count for the chosen day and "Add to cart". The server answers every
 * availability question; this only asks and shows.
 */
export default withWords(Checker);

function Checker({
  product,
  defaultStart,
  defaultEnd,
  openFrom = '07:00',
  openUntil = '21:00',
  timeZone,
}: AvailabilityCheckerProps) {
  const { cart: t, f, link, price: priceWords } = useWords();
  const id = useId();
  const cart = useCart();
  const { today, date, setDate, start, changeStart, end, setEnd, quantity, setQuantity, month, setMonth, days, monthError, check, startOptions, endOptions } =
    useProductAvailability({ productSlug: product.slug, defaultStart, defaultEnd, openFrom, openUntil, timeZone });

  const event: CartEvent | null = useMemo(() => (date ? { date, start, end } : null), [date, start, end]);
  // The page was built with the catalog of its last deploy; the price comes from the database now.
  const live = useLivePrices([product.slug], event);
  const price = livePriceLabel(
    { exact: live.exact?.get(product.slug), latest: live.latest?.get(product.slug) },
    quantity,
    { cents: product.fromPriceCents, hours: product.fromPriceHours },
    'usd',
    priceWords,
  );
  const liveFrom = live.latest?.get(product.slug)?.from;
  const cartProduct = liveFrom ? { ...product, fromPriceCents: liveFrom.cents, fromPriceHours: liveFrom.hours } : product;
  const free = check.status === 'ready' ? check.data.freeCount : null;
  // Made-to-order products have no stock to run out of; tracked ones offer no more than are free.
  const maxQuantity = product.tracksInventory
    ? Math.max(quantity, Math.min(MAX_LINE_QUANTITY, free ?? MAX_LINE_QUANTITY))
    : MAX_LINE_QUANTITY;
  const canAdd = event !== null && check.status === 'ready' && check.data.available;
  const cartElsewhere =
    cart && cart.items.length > 0 && cart.event && event && !sameEvent(cart.event, event) ? cart.event : null;

  const statusText = (() => {
    if (!date) return t.chooseDate;
    if (check.status === 'loading' || check.status === 'idle') return t.checking;
    if (check.status === 'error') return check.error.message;
    const when = f.eventWindow({ date, start, end });
    if (!check.data.available) return check.data.reason?.message ?? interpolate(t.notAvailableFor, { when });
    if (check.data.freeCount === null) return interpolate(t.availableFor, { when });
    return pluralOf(check.data.freeCount, t.countAvailableFor, { when });
  })();
  const statusTone =
    check.status === 'ready'
      ? check.data.available
        ? 'border-emerald-700 bg-emerald-50 text-emerald-900'
        : 'border-red-700 bg-red-50 text-red-900'
      : check.status === 'error'
        ? 'border-red-700 bg-red-50 text-red-900'
        : 'border-slate-300 bg-white text-slate-800';

  return (
    <div className="pf-availability">
      <IslandToaster />
      <div className="grid gap-5">
        <AvailabilityCalendar
          id={id}
          today={today}
          month={month}
          date={date}
          days={days}
          monthError={monthError}
          onDate={setDate}
          onMonth={setMonth}
        />

        <fieldset>
          <legend className="font-semibold text-slate-900">{t.eventTime}</legend>
          <p id={`${id}-hours`} className="text-sm text-slate-700">
            {interpolate(t.hoursBetween, { from: f.clock(openFrom), until: f.clock(openUntil) })}
          </p>
          <div className="mt-2 grid grid-cols-2 gap-3">
            <WindowSelects id={id} times={{ start, end, startOptions, endOptions, changeStart, setEnd }} labels={[t.starts, t.ends]} labelClassName="text-sm font-semibold text-slate-800" selectClassName={inputClass} describedBy={`${id}-hours`} />
          </div>
        </fieldset>

        <div>
          <label htmlFor={`${id}-quantity`} className="font-semibold text-slate-900">
            {t.quantity}
          </label>
          <select
            id={`${id}-quantity`}
            className={`${inputClass} max-w-32`}
            value={quantity}
            onChange={(e) => setQuantity(Number(e.target.value))}
          >
            {Array.from({ length: maxQuantity }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>

        <p id={`${id}-status`} role="status" className={`rounded-lg border-l-4 px-4 py-3 font-semibold ${statusTone}`}>
          {statusText}
        </p>

        {price && (
          <p className="text-lg text-slate-900" data-testid="booking-price">
            {price.forWindow ? (
              <>
                {t.yourPriceIs}
                <strong>{price.label}</strong>
              </>
            ) : (
              <strong>{startingPriceHeadline(price.from, 'usd', priceWords)}</strong>
            )}
          </p>
        )}

        {cartElsewhere && (
          <p className="text-sm text-slate-800">
            {interpolate(t.cartElsewhere, { when: f.eventWindow(cartElsewhere) })}
          </p>
        )}

        <div className="flex flex-wrap items-center gap-4">
          <AddToCart
            product={cartProduct}
            event={event}
            quantity={quantity}
            disabled={!canAdd}
            describedBy={`${id}-status`}
          />
          {cart && cart.items.length > 0 && (
            <a href={link('/cart')} className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900">
              {interpolate(t.viewCartCount, { items: pluralOf(cart.items.reduce((n, i) => n + i.quantity, 0), t.items) })}
            </a>
          )}
        </div>
        <p className="text-sm text-slate-700">
          {t.exactPriceLater}
        </p>
      </div>
    </div>
  );
}
