import { useEffect, useId, useMemo, useState, type SubmitEvent } from 'react';
import IslandToaster from '../shared/IslandToaster';
import { islandToast } from '../../lib/toast/sonner-toast';
import { isAbort, requestJson } from '../shared/api';
import { addDaysIso, clock, endKeepingLength, formatMoney, halfHourSteps, isIsoDate, isoDateIn, minutes, plural } from '../shared/format';
import TimeSelect from '../shared/TimeSelect';
import ResponsiveImage from '../shared/ResponsiveImage';
import {
  removeItem,
  restoreItem,
  setCoupon,
  setDamageWaiver,
  setEvent,
  setQuantity,
  setZip,
  toPriceRequest,
  MAX_LINE_QUANTITY,
  type Cart,
  type CartEvent,
  type CartItem,
} from './cart-store';
import PriceBreakdown from './PriceBreakdown';
import { updateCart, useCart } from './use-cart';
import { useQuote, type QuoteState } from './use-quote';
import { chargedPriceLabel, livePriceLabel } from '../../lib/pricing/price-labels';
import { useLivePrices } from '../shared/use-live-prices';

interface Props {
  openFrom?: string;
  openUntil?: string;
  timeZone?: string;
  /** Longest rental in days (MAX_RENTAL_DAYS on the server). */
  maxRentalDays?: number;
}

interface ProductFreeCount {
  product: string;
  available: boolean;
  freeCount: number | null;
  reason: { message: string } | null;
}

const DEFAULT_START = '10:00';
const DEFAULT_END = '16:00';

const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700 aria-[invalid=true]:border-red-700';
const smallButton =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-full border-2 border-brand-700 px-3 font-bold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-700';

/** Server field errors of a failed quote, by what they concern. */
function quoteFieldErrors(state: QuoteState) {
  const fields = state.status === 'error' ? (state.error.fields ?? {}) : {};
  const lineErrors = new Map<number, string>();
  let event: string | null = null;
  for (const [key, message] of Object.entries(fields)) {
    const line = /^items\.(\d+)\./.exec(key);
    if (line) lineErrors.set(Number(line[1]), message);
    else if (key === 'event' || key.startsWith('event.')) event ??= message;
  }
  return {
    zip: fields['zip'] ?? null,
    coupon: fields['coupon'] ?? null,
    event,
    lineErrors,
    known: Object.keys(fields).length > 0,
  };
}

/**
 * The /cart page: items and quantities, one event window and ZIP for the whole order, the live
 * availability of every line and the exact price from the server, coupon and damage waiver.
 */
export default function CartPage({
  openFrom = '07:00',
  openUntil = '21:00',
  timeZone = 'America/Chicago',
  maxRentalDays = 7,
}: Props) {
  const cart = useCart();
  if (cart === null) {
    return (
      <p className="py-10 text-lg text-slate-700" role="status">
        Loading your cart…
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
          openFrom={openFrom}
          openUntil={openUntil}
          timeZone={timeZone}
          maxRentalDays={maxRentalDays}
        />
      )}
    </>
  );
}

function EmptyCart() {
  return (
    <section aria-labelledby="empty-cart-heading" className="rounded-2xl border border-brand-100 bg-brand-50 p-8">
      <h2 id="empty-cart-heading" className="text-2xl font-bold text-slate-900">
        Your cart is empty
      </h2>
      <p className="mt-2 max-w-prose text-slate-700">
        Pick a bounce house, water slide, game or party supplies, choose your date, and they wait here while you plan.
        Your exact price, with delivery to your address, shows up as soon as you add your ZIP code.
      </p>
      <ul className="mt-6 flex flex-col gap-3 sm:flex-row">
        <li>
          <a
            href="/products"
            className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-6 py-2 font-bold text-white hover:bg-brand-800"
          >
            Browse rentals
          </a>
        </li>
        <li>
          <a
            href="/at"
            className="inline-flex min-h-11 items-center rounded-full border-2 border-brand-700 bg-white px-6 py-2 font-bold text-brand-800 hover:bg-brand-50"
          >
            See what is free on your date
          </a>
        </li>
      </ul>
    </section>
  );
}

function FilledCart({ cart, openFrom, openUntil, timeZone, maxRentalDays }: { cart: Cart } & Required<Props>) {
  const id = useId();
  const [today, setToday] = useState<string | null>(null);
  const [times, setTimes] = useState({
    start: cart.event?.start ?? DEFAULT_START,
    end: cart.event?.end ?? DEFAULT_END,
  });
  const [couponDraft, setCouponDraft] = useState(cart.coupon);
  const [couponFormatError, setCouponFormatError] = useState<string | null>(null);
  const [waiverRequired, setWaiverRequired] = useState(false);
  const [windowCounts, setWindowCounts] = useState<Map<string, ProductFreeCount> | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => setToday(isoDateIn(timeZone)), [timeZone]);
  useEffect(() => {
    if (cart.event) setTimes({ start: cart.event.start, end: cart.event.end });
  }, [cart.event]);
  useEffect(() => setCouponDraft(cart.coupon), [cart.coupon]);

  const request = useMemo(() => toPriceRequest(cart), [cart]);
  const quoteState = useQuote(request);
  const live = useLivePrices(request ? [] : cart.items.map((item) => item.product), cart.event);
  const quote = quoteState.quote;
  const errors = quoteFieldErrors(quoteState);
  const multiDay = Boolean(cart.event?.endDate);

  // A malformed coupon makes the whole quote fail: drop it and say why, so the price comes back.
  useEffect(() => {
    if (errors.coupon && cart.coupon) {
      setCouponFormatError(errors.coupon);
      updateCart((c) => setCoupon(c, ''));
    }
  }, [errors.coupon, cart.coupon]);

  useEffect(() => {
    if (quote?.damageWaiverForced) {
      setWaiverRequired(true);
      updateCart((c) => setDamageWaiver(c, true));
    }
  }, [quote?.damageWaiverForced]);

  // Before a ZIP is known there is no price, but the date alone says whether each item is free.
  const eventKey = cart.event ? JSON.stringify(cart.event) : null;
  useEffect(() => {
    setWindowCounts(null);
    if (!cart.event || request) return;
    const controller = new AbortController();
    const { date, start, end, endDate } = cart.event;
    const query = new URLSearchParams({ date, start, end, ...(endDate ? { endDate } : {}) });
    requestJson<{ products: ProductFreeCount[] }>(`/api/availability?${query}`, { signal: controller.signal })
      .then((result) => {
        if (result.ok) setWindowCounts(new Map(result.data.products.map((p) => [p.product, p])));
      })
      .catch((error: unknown) => {
        if (!isAbort(error)) setWindowCounts(null);
      });
    return () => controller.abort();
    // Keyed on the window and on whether a quote exists, not on every change to the cart object.
  }, [eventKey, request === null]);

  useEffect(() => {
    if (quoteState.status === 'ready') {
      const q = quoteState.quote;
      setAnnouncement(
        `Price updated. Total ${formatMoney(q.totalCents)}, deposit due today ${formatMoney(q.depositCents)}.${q.problem ? ` ${q.problem}` : ''}`,
      );
    } else if (quoteState.status === 'error') {
      setAnnouncement(quoteState.error.message);
    }
  }, [quoteState]);

  const changeEvent = (next: { date?: string; start?: string; end?: string; endDate?: string | undefined }) => {
    const date = next.date ?? cart.event?.date ?? '';
    const start = next.start ?? times.start;
    const end = next.end ?? times.end;
    const endDate = 'endDate' in next ? next.endDate : cart.event?.endDate;
    setTimes({ start, end });
    if (!isIsoDate(date)) {
      updateCart((c) => setEvent(c, null));
      return;
    }
    const event: CartEvent = { date, start, end };
    if (endDate && isIsoDate(endDate) && endDate > date) event.endDate = endDate;
    else if (end <= start) event.end = clock(Math.min(minutes(openUntil), minutes(start) + 60));
    updateCart((c) => setEvent(c, event));
  };

  const changeStart = (start: string) => {
    changeEvent({ start, end: multiDay ? times.end : endKeepingLength(times.start, times.end, start, openUntil) });
  };

  const remove = (item: CartItem) => {
    const index = cart.items.findIndex((i) => i.product === item.product);
    updateCart((c) => removeItem(c, item.product));
    islandToast.info(`Removed ${item.name}`, undefined, {
      action: { label: 'Undo', onClick: () => updateCart((c) => restoreItem(c, item, index)) },
    });
  };

  const applyCoupon = (e: SubmitEvent) => {
    e.preventDefault();
    setCouponFormatError(null);
    const code = couponDraft.trim().toUpperCase();
    updateCart((c) => setCoupon(c, code));
  };

  const removeCoupon = () => {
    setCouponFormatError(null);
    setCouponDraft('');
    updateCart((c) => setCoupon(c, ''));
  };

  const startOptions = halfHourSteps(openFrom, clock(minutes(openUntil) - 30));
  const endOptions = multiDay
    ? halfHourSteps(openFrom, openUntil)
    : halfHourSteps(clock(minutes(times.start) + 30), openUntil);
  const zipError = errors.zip;
  const couponError = couponFormatError ?? quote?.coupon.error ?? null;
  const ready = quoteState.status === 'ready' && quoteState.quote.bookable;
  const blockedBecause = !cart.event
    ? 'Choose your party date and time to continue.'
    : !/^\d{5}$/.test(cart.zip)
      ? 'Enter the ZIP code of your party to see your price and continue.'
      : quoteState.status === 'loading' || quoteState.status === 'idle'
        ? 'Updating your price…'
        : quoteState.status === 'error'
          ? quoteState.error.message
          : quoteState.quote.problem;

  const lineStatus = (item: CartItem, index: number): { ok: boolean; text: string } | null => {
    const failed = errors.lineErrors.get(index);
    if (failed) return { ok: false, text: failed };
    const line = quote?.lines.find((l) => l.product === item.product);
    if (line && line.quantity === item.quantity) {
      if (!line.available) return { ok: false, text: line.reason ?? 'Not available for your date.' };
      return {
        ok: true,
        text: line.freeCount === null ? 'Available for your date' : `Available: ${line.freeCount} free for your date`,
      };
    }
    const counts = windowCounts?.get(item.product);
    if (counts) {
      if (!counts.available) return { ok: false, text: counts.reason?.message ?? 'Not available for your date.' };
      if (counts.freeCount !== null && counts.freeCount < item.quantity)
        return { ok: false, text: `Only ${counts.freeCount} left for that time.` };
      return {
        ok: true,
        text:
          counts.freeCount === null ? 'Available for your date' : `Available: ${counts.freeCount} free for your date`,
      };
    }
    return null;
  };
  // The price for the chosen window once the server has priced it (with the ZIP, the whole quote;
  // before it, GET /api/prices); until then the live starting price, or the one saved with the item.
  // Each names the length it pays for, so "from $150" never sits beside a $195 charge unexplained.
  const linePrice = (item: CartItem): string | null => {
    const line = quote?.lines.find((l) => l.product === item.product);
    if (line && line.quantity === item.quantity) return chargedPriceLabel(line);
    const saved = item.fromPriceCents > 0 ? { cents: item.fromPriceCents, hours: item.fromPriceHours } : null;
    return livePriceLabel({ exact: live.exact?.get(item.product), latest: live.latest?.get(item.product) }, item.quantity, saved)?.label ?? null;
  };
  const unavailableCount = cart.items.filter((item, i) => lineStatus(item, i)?.ok === false).length;

  return (
    <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
      <div className="space-y-10">
        <section aria-labelledby={`${id}-party`} className="rounded-2xl border border-brand-100 bg-white p-5 shadow-sm">
          <h2 id={`${id}-party`} className="text-xl font-bold text-slate-900">
            Your party
          </h2>
          <p className="mt-1 text-slate-700">One date, time and address for everything in your cart.</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <label htmlFor={`${id}-date`} className="font-semibold text-slate-900">
                Party date
              </label>
              <input
                id={`${id}-date`}
                type="date"
                className={`${inputClass} max-w-60`}
                value={cart.event?.date ?? ''}
                min={today ?? undefined}
                max={today ? addDaysIso(today, 365) : undefined}
                aria-invalid={errors.event ? true : undefined}
                aria-describedby={errors.event ? `${id}-event-error` : undefined}
                onChange={(e) => changeEvent({ date: e.target.value })}
              />
            </div>
            <TimeSelect id={`${id}-start`} label="Starts" value={times.start} options={startOptions} onChange={changeStart} labelClassName="font-semibold text-slate-900" selectClassName={inputClass} />
            <TimeSelect
              id={`${id}-end`}
              label={`Ends${multiDay ? ' (on the last day)' : ''}`}
              value={times.end}
              options={endOptions}
              onChange={(end) => changeEvent({ end })}
              labelClassName="font-semibold text-slate-900"
              selectClassName={inputClass}
            />
            <details className="sm:col-span-2" open={multiDay}>
              <summary className="inline-flex min-h-10 cursor-pointer items-center font-semibold text-brand-800 underline underline-offset-4">
                Renting for more than one day?
              </summary>
              <div className="mt-2">
                <label htmlFor={`${id}-end-date`} className="font-semibold text-slate-900">
                  Last day of the rental
                </label>
                <input
                  id={`${id}-end-date`}
                  type="date"
                  className={`${inputClass} max-w-60`}
                  value={cart.event?.endDate ?? ''}
                  min={cart.event ? addDaysIso(cart.event.date, 1) : undefined}
                  max={cart.event ? addDaysIso(cart.event.date, maxRentalDays - 1) : undefined}
                  disabled={!cart.event}
                  aria-describedby={`${id}-end-date-hint`}
                  onChange={(e) => changeEvent({ endDate: e.target.value || undefined })}
                />
                <p id={`${id}-end-date-hint`} className="mt-1 text-sm text-slate-700">
                  Up to {maxRentalDays} days. Leave empty for a one-day party; each extra day is priced in the cart.
                </p>
              </div>
            </details>
            {errors.event && (
              <p id={`${id}-event-error`} className="font-semibold text-red-800 sm:col-span-2">
                {errors.event}
              </p>
            )}
            <div className="sm:col-span-2">
              <label htmlFor={`${id}-zip`} className="font-semibold text-slate-900">
                ZIP code of the party
              </label>
              <input
                id={`${id}-zip`}
                type="text"
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={5}
                className={`${inputClass} max-w-40`}
                value={cart.zip}
                aria-invalid={zipError ? true : undefined}
                aria-describedby={`${id}-zip-hint${zipError ? ` ${id}-zip-error` : ''}`}
                onChange={(e) => updateCart((c) => setZip(c, e.target.value))}
              />
              <p id={`${id}-zip-hint`} className="mt-1 text-sm text-slate-700">
                The delivery fee and sales tax depend on where the party is.
              </p>
              {zipError && (
                <p id={`${id}-zip-error`} className="mt-1 font-semibold text-red-800">
                  {zipError}
                </p>
              )}
            </div>
          </div>
        </section>

        <section aria-labelledby={`${id}-items`}>
          <h2 id={`${id}-items`} className="text-xl font-bold text-slate-900">
            Items (
            {plural(
              cart.items.reduce((n, i) => n + i.quantity, 0),
              'item',
              'items',
            )}
            )
          </h2>
          {unavailableCount > 0 && (
            <p className="mt-3 rounded-lg border-l-4 border-red-700 bg-red-50 px-4 py-3 font-semibold text-red-900">
              {unavailableCount === 1 ? 'One item is' : `${unavailableCount} items are`} not available for your date and
              time. Choose another date or time, lower the quantity, or remove {unavailableCount === 1 ? 'it' : 'them'}{' '}
              to continue.
            </p>
          )}
          <ul className="mt-4 divide-y divide-brand-100 border-y border-brand-100">
            {cart.items.map((item, index) => {
              const status = lineStatus(item, index);
              const statusId = `${id}-line-${index}`;
              return (
                <li key={item.product} className="flex gap-4 py-4">
                  <ResponsiveImage
                    src={item.image}
                    alt=""
                    layout="cartLine"
                    className="aspect-[4/3] w-24 shrink-0 rounded-lg bg-brand-50 object-cover"
                  />
                  <div className="flex flex-1 flex-col gap-2">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <h3 className="font-bold text-slate-900">
                        <a href={`/products/${item.product}`} className="hover:text-brand-800 hover:underline">
                          {item.name}
                        </a>
                      </h3>
                      {linePrice(item) && <p className="text-sm text-slate-700">{linePrice(item)}</p>}
                    </div>
                    {status && (
                      <p
                        id={statusId}
                        className={`text-sm font-semibold ${status.ok ? 'text-emerald-800' : 'text-red-800'}`}
                      >
                        {status.ok ? '✓ ' : ''}
                        {status.text}
                      </p>
                    )}
                    <div className="flex flex-wrap items-center gap-3">
                      <div role="group" aria-label={`Quantity of ${item.name}`} className="flex items-center gap-2">
                        <button
                          type="button"
                          className={smallButton}
                          aria-label={`One fewer ${item.name}`}
                          disabled={item.quantity <= 1}
                          onClick={() => updateCart((c) => setQuantity(c, item.product, item.quantity - 1))}
                        >
                          −
                        </button>
                        <span
                          className="min-w-8 text-center text-lg font-bold tabular-nums text-slate-900"
                          aria-live="polite"
                        >
                          {item.quantity}
                        </span>
                        <button
                          type="button"
                          className={smallButton}
                          aria-label={`One more ${item.name}`}
                          disabled={item.quantity >= MAX_LINE_QUANTITY}
                          onClick={() => updateCart((c) => setQuantity(c, item.product, item.quantity + 1))}
                        >
                          +
                        </button>
                      </div>
                      <button
                        type="button"
                        className="min-h-10 px-2 font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
                        aria-describedby={status ? statusId : undefined}
                        onClick={() => remove(item)}
                      >
                        Remove<span className="sr-only"> {item.name}</span>
                      </button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
          <p className="mt-4">
            <a
              href="/products"
              className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
            >
              Add more rentals
            </a>
          </p>
        </section>
      </div>

      <section
        aria-labelledby={`${id}-price`}
        className="h-fit rounded-2xl border-2 border-brand-200 bg-white p-5 lg:sticky lg:top-4"
      >
        {quote ? (
          <PriceBreakdown
            quote={quote}
            busy={quoteState.status === 'loading'}
            headingId={`${id}-price`}
            heading="Your price"
            waiverControl={
              waiverRequired ? (
                <p className="text-sm text-slate-700">The damage waiver is required for every booking.</p>
              ) : (
                <label className="flex min-h-10 items-start gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="mt-0.5 size-5 accent-brand-700"
                    checked={!cart.damageWaiver}
                    onChange={(e) => updateCart((c) => setDamageWaiver(c, !e.target.checked))}
                  />
                  <span>
                    Decline the damage waiver. I pay for any accidental damage at repair cost (see{' '}
                    <a href="/terms" className="font-semibold text-brand-800 underline">
                      rental terms
                    </a>
                    , section 6).
                  </span>
                </label>
              )
            }
          />
        ) : (
          <>
            <h2 id={`${id}-price`} className="text-xl font-bold text-slate-900">
              Your price
            </h2>
            <p className="mt-2 text-slate-700">
              {quoteState.status === 'loading'
                ? 'Working out your exact price…'
                : quoteState.status === 'error'
                  ? 'We can’t price this cart yet: see the message below.'
                  : 'Your exact price, with rentals, delivery, damage waiver and tax, appears here once you choose the date and enter the ZIP code.'}
            </p>
          </>
        )}

        <form className="mt-5 border-t border-brand-100 pt-4" onSubmit={applyCoupon} noValidate>
          <label htmlFor={`${id}-coupon`} className="font-semibold text-slate-900">
            Coupon code
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={`${id}-coupon`}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className={`${inputClass} mt-0 uppercase`}
              value={couponDraft}
              aria-invalid={couponError ? true : undefined}
              aria-describedby={
                couponError
                  ? `${id}-coupon-error`
                  : cart.coupon && quote?.coupon.code
                    ? `${id}-coupon-applied`
                    : undefined
              }
              onChange={(e) => setCouponDraft(e.target.value)}
            />
            <button type="submit" className={smallButton}>
              Apply
            </button>
          </div>
          {couponError && (
            <p id={`${id}-coupon-error`} className="mt-1 font-semibold text-red-800">
              {couponError}
            </p>
          )}
          {!couponError && quote?.coupon.code && (
            <p
              id={`${id}-coupon-applied`}
              className="mt-1 flex flex-wrap items-center gap-2 text-sm font-semibold text-emerald-800"
            >
              Coupon {quote.coupon.code} applied.
              <button
                type="button"
                onClick={removeCoupon}
                className="min-h-8 font-semibold text-brand-800 underline underline-offset-4"
              >
                Remove coupon
              </button>
            </p>
          )}
        </form>

        <div className="mt-6">
          {ready ? (
            <a
              href="/checkout"
              className="flex min-h-12 w-full items-center justify-center rounded-full bg-brand-700 px-6 py-3 text-lg font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800"
            >
              Continue to checkout
            </a>
          ) : (
            <>
              <button
                type="button"
                disabled
                aria-describedby={`${id}-blocked`}
                className="flex min-h-12 w-full cursor-not-allowed items-center justify-center rounded-full bg-slate-300 px-6 py-3 text-lg font-bold text-slate-700"
              >
                Continue to checkout
              </button>
              <p id={`${id}-blocked`} className="mt-2 font-semibold text-slate-800">
                {blockedBecause}
              </p>
            </>
          )}
          <p className="mt-3 text-sm text-slate-700">
            You pay only the deposit when you book. The balance and the day it is due are listed in your price.
          </p>
        </div>
      </section>

      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
