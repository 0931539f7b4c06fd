import { MAX_LINE_QUANTITY, setDamageWaiver, setQuantity, setZip, type Cart } from './cart-store';
import PriceBreakdown from './PriceBreakdown';
import { updateCart } from './use-cart';
import type { CartPageState } from './use-cart-page';
import { inputClass } from '../shared/form-classes';
import { addDaysIso, plural } from '../../lib/time/format';
import ResponsiveImage from '../shared/ResponsiveImage';
import TimeSelect from '../shared/TimeSelect';
import { productPath } from '../../lib/paths/pages';

/** The three parts of the filled cart: the party (date, times, ZIP), the items, and the price with the way on. */

const smallButton =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-full border-2 border-brand-700 px-3 font-bold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-700';

interface SectionProps {
  id: string;
  cart: Cart;
  state: CartPageState;
}

export function PartySection({ id, cart, state, maxRentalDays }: SectionProps & { maxRentalDays: number }) {
  const { today, errors, changeEvent, times, startOptions, changeStart, endOptions, multiDay, zipError } = state;
  return (
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
        <TimeSelect
          id={`${id}-start`}
          label="Starts"
          value={times.start}
          options={startOptions}
          onChange={changeStart}
          labelClassName="font-semibold text-slate-900"
          selectClassName={inputClass}
        />
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
  );
}

export function ItemsSection({ id, cart, state }: SectionProps) {
  const { unavailableCount, lineStatus, linePrice, remove } = state;
  return (
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
          time. Choose another date or time, lower the quantity, or remove {unavailableCount === 1 ? 'it' : 'them'} to
          continue.
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
                    <a href={productPath({ slug: item.product })} className="hover:text-brand-800 hover:underline">
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
        <a href="/products" className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900">
          Add more rentals
        </a>
      </p>
    </section>
  );
}

export function PriceSection({ id, cart, state }: SectionProps) {
  const { quote, quoteState, waiverRequired, ready, blockedBecause } = state;
  const {
    draft: couponDraft,
    setDraft: setCouponDraft,
    error: couponError,
    apply: applyCoupon,
    remove: removeCoupon,
  } = state.coupon;
  return (
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
  );
}
