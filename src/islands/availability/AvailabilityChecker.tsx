import { useEffect, useId, useMemo, useState } from 'react';
import { DayPicker, type Modifiers } from 'react-day-picker';
import 'react-day-picker/style.css';
import IslandToaster from '../shared/IslandToaster';
import AddToCart, { type CartProduct } from '../cart/AddToCart';
import { cartStore, MAX_LINE_QUANTITY, sameEvent, type CartEvent } from '../cart/cart-store';
import { useCart } from '../cart/use-cart';
import { isAbort, requestJson, type ApiError } from '../shared/api';
import {
  addDaysIso,
  formatClock,
  formatEventWindow,
  formatLongDate,
  clock,
  endKeepingLength,
  halfHourSteps,
  minutes,
  isClock,
  isIsoDate,
  isoDateIn,
  plural,
} from '../../lib/time/format';
import { inputClass } from '../shared/form-classes';
import TimeSelect from '../shared/TimeSelect';
import { useLivePrices } from '../shared/use-live-prices';
import { livePriceLabel, startingPriceHeadline } from '../../lib/pricing/price-labels';
import './availability-calendar.css';
import { publicApi } from '../../lib/paths';

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

interface DayAvailability {
  date: string;
  available: boolean;
  freeCount: number | null;
  reason: string | null;
}

interface WindowAvailability {
  available: boolean;
  freeCount: number | null;
  reason: { code: string; message: string } | null;
}

type Load<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: ApiError };

const monthOf = (isoDate: string) => isoDate.slice(0, 7);
const toLocalDate = (isoDate: string) =>
  new Date(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)));
const fromLocalDate = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * Product page booking widget: a month calendar coloured by what is free, the event window,
 * the quantity, the live count for the chosen day and "Add to cart". The server answers every
 * availability question; this only asks and shows.
 */
export default function AvailabilityChecker({
  product,
  defaultStart,
  defaultEnd,
  openFrom = '07:00',
  openUntil = '21:00',
  timeZone,
}: AvailabilityCheckerProps) {
  const id = useId();
  const cart = useCart();
  // The calendar depends on "today", which differs between the build and the visit: it renders
  // only in the browser, in a box of the same size, so hydration matches and nothing jumps.
  const [today, setToday] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [start, setStart] = useState(isClock(defaultStart) ? defaultStart : '10:00');
  const [end, setEnd] = useState(isClock(defaultEnd) ? defaultEnd : '16:00');
  const [quantity, setQuantity] = useState(1);
  const [month, setMonth] = useState<string | null>(null);
  const [days, setDays] = useState<Record<string, DayAvailability>>({});
  const [monthError, setMonthError] = useState<string | null>(null);
  const [check, setCheck] = useState<Load<WindowAvailability>>({ status: 'idle' });

  useEffect(() => {
    const now = isoDateIn(timeZone);
    setToday(now);
    const params = new URLSearchParams(window.location.search);
    const event = cartStore().get().event;
    const fromUrl = params.get('date');
    const initialDate = isIsoDate(fromUrl) && fromUrl >= now ? fromUrl : event && event.date >= now ? event.date : null;
    const urlStart = params.get('start');
    const urlEnd = params.get('end');
    if (isClock(urlStart) && isClock(urlEnd) && urlStart < urlEnd) {
      setStart(urlStart);
      setEnd(urlEnd);
    } else if (event && !event.endDate && (!isIsoDate(fromUrl) || fromUrl === event.date)) {
      setStart(event.start);
      setEnd(event.end);
    }
    setDate(initialDate);
    setMonth(monthOf(initialDate ?? now));
  }, [timeZone]);

  const startOptions = useMemo(() => halfHourSteps(openFrom, clock(minutes(openUntil) - 30)), [openFrom, openUntil]);
  const endOptions = useMemo(() => halfHourSteps(clock(minutes(start) + 30), openUntil), [start, openUntil]);

  // The month's colours, for the chosen window and quantity.
  useEffect(() => {
    if (!month) return;
    const controller = new AbortController();
    setMonthError(null);
    const query = new URLSearchParams({ product: product.slug, month, start, end, quantity: String(quantity) });
    requestJson<{ days: DayAvailability[] }>(publicApi.availability(query), { signal: controller.signal })
      .then((result) => {
        if (result.ok) setDays(Object.fromEntries(result.data.days.map((d) => [d.date, d])));
        else setMonthError(result.error.message);
      })
      .catch((error: unknown) => {
        if (!isAbort(error)) setMonthError('We couldn’t load the calendar. You can still pick a date.');
      });
    return () => controller.abort();
  }, [product.slug, month, start, end, quantity]);

  // The exact answer for the chosen day and window.
  useEffect(() => {
    if (!date) {
      setCheck({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setCheck({ status: 'loading' });
    const query = new URLSearchParams({ product: product.slug, date, start, end, quantity: String(quantity) });
    requestJson<WindowAvailability>(publicApi.availability(query), { signal: controller.signal })
      .then((result) =>
        setCheck(result.ok ? { status: 'ready', data: result.data } : { status: 'error', error: result.error }),
      )
      .catch((error: unknown) => {
        if (!isAbort(error))
          setCheck({
            status: 'error',
            error: { code: 'network', message: 'We couldn’t check availability. Please try again.' },
          });
      });
    return () => controller.abort();
  }, [product.slug, date, start, end, quantity]);

  const changeStart = (value: string) => {
    setStart(value);
    setEnd(endKeepingLength(start, end, value, openUntil));
  };

  const event: CartEvent | null = useMemo(() => (date ? { date, start, end } : null), [date, start, end]);
  // The page was built with the catalog of its last deploy; the price comes from the database now.
  const live = useLivePrices([product.slug], event);
  const price = livePriceLabel(
    { exact: live.exact?.get(product.slug), latest: live.latest?.get(product.slug) },
    quantity,
    { cents: product.fromPriceCents, hours: product.fromPriceHours },
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

  const modifiers = useMemo(() => {
    const available: Date[] = [];
    const limited: Date[] = [];
    const unavailable: Date[] = [];
    for (const day of Object.values(days)) {
      const d = toLocalDate(day.date);
      if (!day.available) unavailable.push(d);
      else if (day.freeCount !== null && day.freeCount <= 1) limited.push(d);
      else available.push(d);
    }
    return { available, limited, unavailable };
  }, [days]);

  const dayLabel = (d: Date, mods: Modifiers) => {
    const iso = fromLocalDate(d);
    const info = days[iso];
    const status = mods['disabled']
      ? 'not bookable'
      : !info
        ? ''
        : !info.available
          ? 'not available'
          : info.freeCount === null
            ? 'available'
            : `${info.freeCount} available`;
    return [formatLongDate(iso), mods['selected'] ? 'selected' : '', status].filter(Boolean).join(', ');
  };

  const statusText = (() => {
    if (!date) return 'Choose your party date on the calendar to see how many are free.';
    if (check.status === 'loading' || check.status === 'idle') return 'Checking availability…';
    if (check.status === 'error') return check.error.message;
    const window = formatEventWindow({ date, start, end });
    if (!check.data.available) return check.data.reason?.message ?? `Not available for ${window}.`;
    if (check.data.freeCount === null) return `Available for ${window}.`;
    return `${check.data.freeCount} available for ${window}.`;
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
        <div>
          <p id={`${id}-calendar-label`} className="font-semibold text-slate-900">
            Party date
          </p>
          <div className="pf-calendar mt-2 min-h-[21rem] rounded-xl border border-brand-100 bg-white p-2">
            {today && month ? (
              <DayPicker
                mode="single"
                aria-labelledby={`${id}-calendar-label`}
                selected={date ? toLocalDate(date) : undefined}
                onSelect={(d) => d && setDate(fromLocalDate(d))}
                month={toLocalDate(`${month}-01`)}
                onMonthChange={(m) => setMonth(monthOf(fromLocalDate(m)))}
                startMonth={toLocalDate(`${monthOf(today)}-01`)}
                endMonth={toLocalDate(`${monthOf(addDaysIso(today, 365))}-01`)}
                today={toLocalDate(today)}
                disabled={{ before: toLocalDate(today) }}
                modifiers={modifiers}
                modifiersClassNames={{
                  available: 'pf-day-available',
                  limited: 'pf-day-limited',
                  unavailable: 'pf-day-unavailable',
                }}
                labels={{ labelDayButton: dayLabel }}
                showOutsideDays={false}
              />
            ) : (
              <p className="p-4 text-slate-700">Loading the calendar…</p>
            )}
          </div>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800" aria-label="Calendar colours">
            <li className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="inline-block size-4 rounded-full border-2 border-emerald-700 bg-emerald-50"
              />{' '}
              Available
            </li>
            <li className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="inline-block size-4 rounded-full border-2 border-amber-600 bg-amber-50"
              />{' '}
              Last one left
            </li>
            <li className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className="inline-block size-4 rounded-full border-2 border-slate-400 bg-slate-100"
              />{' '}
              Booked or closed
            </li>
          </ul>
          {monthError && <p className="mt-2 text-sm text-red-800">{monthError}</p>}
        </div>

        <fieldset>
          <legend className="font-semibold text-slate-900">Event time</legend>
          <p id={`${id}-hours`} className="text-sm text-slate-700">
            Between {formatClock(openFrom)} and {formatClock(openUntil)}. We deliver and set up before your start time.
          </p>
          <div className="mt-2 grid grid-cols-2 gap-3">
            <TimeSelect id={`${id}-start`} label="Starts" value={start} options={startOptions} onChange={changeStart} labelClassName="text-sm font-semibold text-slate-800" selectClassName={inputClass} describedBy={`${id}-hours`} />
            <TimeSelect id={`${id}-end`} label="Ends" value={end} options={endOptions} onChange={setEnd} labelClassName="text-sm font-semibold text-slate-800" selectClassName={inputClass} describedBy={`${id}-hours`} />
          </div>
        </fieldset>

        <div>
          <label htmlFor={`${id}-quantity`} className="font-semibold text-slate-900">
            Quantity
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
                Your price: <strong>{price.label}</strong>
              </>
            ) : (
              <strong>{startingPriceHeadline(price.from)}</strong>
            )}
          </p>
        )}

        {cartElsewhere && (
          <p className="text-sm text-slate-800">
            Your cart is set for {formatEventWindow(cartElsewhere)}. Adding this item moves the whole cart to the date
            and time above.
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
            <a href="/cart" className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900">
              View cart (
              {plural(
                cart.items.reduce((n, i) => n + i.quantity, 0),
                'item',
                'items',
              )}
              )
            </a>
          )}
        </div>
        <p className="text-sm text-slate-700">
          Your exact price, with delivery to your ZIP code and any coupon, is shown in the cart before you pay.
        </p>
      </div>
    </div>
  );
}
