import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import IslandToaster from '../shared/IslandToaster';
import AddToCart, { type CartProduct } from '../cart/AddToCart';
import { cartStore, type CartEvent } from '../cart/cart-store';
import { livePriceLabel } from '../../lib/pricing/price-labels';
import { useLivePrices } from '../shared/use-live-prices';
import { isAbort, requestJson, type ApiError } from '../shared/api';
import {
  addDaysIso,
  formatClock,
  formatEventWindow,
  clock,
  endKeepingLength,
  halfHourSteps,
  minutes,
  isClock,
  isIsoDate,
  isoDateIn,
} from '../../lib/time/format';
import TimeSelect from '../shared/TimeSelect';
import ResponsiveImage from '../shared/ResponsiveImage';
import { inputClass } from '../shared/form-classes';
import { productListPath, productPath, publicApi } from '../../lib/paths';

export interface AtCategory {
  slug: string;
  name: string;
  products: CartProduct[];
}

interface Props {
  categories: AtCategory[];
  openFrom?: string;
  openUntil?: string;
  /** The business's time zone (settings): "today" and the open hours are its local ones. */
  timeZone: string;
}

interface ProductFreeCount {
  product: string;
  name: string;
  available: boolean;
  freeCount: number | null;
  reason: { code: string; message: string } | null;
}

type Result =
  | { status: 'idle' }
  | { status: 'loading'; event: CartEvent }
  | { status: 'ready'; event: CartEvent; counts: Map<string, ProductFreeCount> }
  | { status: 'error'; error: ApiError };


/** /at: pick a date and a window, see every rental's free count, grouped by category. */
export default function AvailableOnDate({
  categories,
  openFrom = '07:00',
  openUntil = '21:00',
  timeZone,
}: Props) {
  const id = useId();
  const [today, setToday] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const [start, setStart] = useState('10:00');
  const [end, setEnd] = useState('16:00');
  const [dateError, setDateError] = useState<string | null>(null);
  const [result, setResult] = useState<Result>({ status: 'idle' });
  const [onlyFree, setOnlyFree] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const dateRef = useRef<HTMLInputElement>(null);

  const search = async (event: CartEvent) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setResult({ status: 'loading', event });
    const url = new URL(window.location.href);
    url.searchParams.set('date', event.date);
    url.searchParams.set('start', event.start);
    url.searchParams.set('end', event.end);
    window.history.replaceState(window.history.state, '', url);
    try {
      const answer = await requestJson<{ products: ProductFreeCount[] }>(
        publicApi.availability({ date: event.date, start: event.start, end: event.end }),
        { signal: current.signal },
      );
      if (current.signal.aborted) return;
      setResult(
        answer.ok
          ? { status: 'ready', event, counts: new Map(answer.data.products.map((p) => [p.product, p])) }
          : { status: 'error', error: answer.error },
      );
    } catch (error) {
      if (!isAbort(error))
        setResult({
          status: 'error',
          error: { code: 'network', message: 'We couldn’t check availability. Please try again.' },
        });
    }
  };

  useEffect(() => {
    const now = isoDateIn(timeZone);
    setToday(now);
    const params = new URLSearchParams(window.location.search);
    const cartEvent = cartStore().get().event;
    const urlDate = params.get('date');
    const urlStart = params.get('start');
    const urlEnd = params.get('end');
    let initial: CartEvent | null = null;
    if (isIsoDate(urlDate) && urlDate >= now) {
      initial = {
        date: urlDate,
        start: isClock(urlStart) ? urlStart : '10:00',
        end: isClock(urlEnd) ? urlEnd : '16:00',
      };
    } else if (cartEvent && !cartEvent.endDate && cartEvent.date >= now) {
      initial = { date: cartEvent.date, start: cartEvent.start, end: cartEvent.end };
    }
    if (initial && initial.end > initial.start) {
      setDate(initial.date);
      setStart(initial.start);
      setEnd(initial.end);
      void search(initial);
    }
    return () => controller.current?.abort();
    // Runs once on arrival (search only reads state setters); later searches start from the form.
  }, [timeZone]);

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (!isIsoDate(date)) {
      setDateError('Choose your party date.');
      dateRef.current?.focus();
      return;
    }
    if (today && date < today) {
      setDateError('Choose a date from today on.');
      dateRef.current?.focus();
      return;
    }
    setDateError(null);
    void search({ date, start, end });
  };

  const changeStart = (value: string) => {
    setStart(value);
    setEnd(endKeepingLength(start, end, value, openUntil));
  };

  const startOptions = halfHourSteps(openFrom, clock(minutes(openUntil) - 30));
  const endOptions = halfHourSteps(clock(minutes(start) + 30), openUntil);
  const ready = result.status === 'ready' ? result : null;
  const allSlugs = useMemo(() => categories.flatMap((c) => c.products.map((p) => p.slug)), [categories]);
  // What each costs for the window shown, from the database (the page lists the catalog of its build).
  const live = useLivePrices(ready ? allSlugs : [], ready?.event ?? null);
  const total = categories.reduce((n, c) => n + c.products.length, 0);
  const freeTotal = ready
    ? categories.reduce((n, c) => n + c.products.filter((p) => ready.counts.get(p.slug)?.available).length, 0)
    : 0;

  return (
    <div className="space-y-10">
      <IslandToaster />
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby={`${id}-form`}
        className="rounded-2xl border-2 border-brand-200 bg-white p-6"
      >
        <h2 id={`${id}-form`} className="text-xl font-bold text-slate-900">
          Your party date and time
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-[1.4fr_1fr_1fr_auto] sm:items-end">
          <div>
            <label htmlFor={`${id}-date`} className="font-semibold text-slate-900">
              Date
            </label>
            <input
              ref={dateRef}
              id={`${id}-date`}
              type="date"
              className={inputClass}
              value={date}
              min={today ?? undefined}
              max={today ? addDaysIso(today, 365) : undefined}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? `${id}-date-error` : undefined}
              onChange={(e) => setDate(e.target.value)}
            />
          </div>
          <TimeSelect id={`${id}-start`} label="Starts" value={start} options={startOptions} onChange={changeStart} labelClassName="font-semibold text-slate-900" selectClassName={inputClass} />
          <TimeSelect id={`${id}-end`} label="Ends" value={end} options={endOptions} onChange={setEnd} labelClassName="font-semibold text-slate-900" selectClassName={inputClass} />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-6 py-2 font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800"
          >
            Show what’s free
          </button>
        </div>
        {dateError && (
          <p id={`${id}-date-error`} className="mt-2 font-semibold text-red-800">
            {dateError}
          </p>
        )}
        <p className="mt-3 text-sm text-slate-700">
          Events fit between {formatClock(openFrom)} and {formatClock(openUntil)}. We deliver and set up before your
          start time and pick up after it ends.
        </p>
      </form>

      <div role="status" className="text-lg font-semibold text-slate-900">
        {result.status === 'loading' && `Checking every rental for ${formatEventWindow(result.event)}…`}
        {result.status === 'error' && <span className="text-red-800">{result.error.message}</span>}
        {ready && `${freeTotal} of ${total} rentals are free for ${formatEventWindow(ready.event)}.`}
      </div>

      {ready && (
        <section aria-labelledby={`${id}-results`}>
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 id={`${id}-results`} className="text-2xl font-bold text-slate-900">
              Rentals for {formatEventWindow(ready.event)}
            </h2>
            <label className="flex min-h-10 items-center gap-2 font-semibold text-slate-800">
              <input
                type="checkbox"
                className="size-5 accent-brand-700"
                checked={onlyFree}
                onChange={(e) => setOnlyFree(e.target.checked)}
              />
              Show only what’s free
            </label>
          </div>
          {categories.map((category) => {
            const products = category.products.filter((p) => !onlyFree || ready.counts.get(p.slug)?.available);
            if (products.length === 0) return null;
            return (
              <section key={category.slug} aria-labelledby={`${id}-${category.slug}`} className="mt-8">
                <h3 id={`${id}-${category.slug}`} className="text-xl font-bold text-slate-900">
                  <a href={productListPath(category)} className="hover:text-brand-800 hover:underline">
                    {category.name}
                  </a>
                </h3>
                <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
                  {products.map((product) => {
                    const count = ready.counts.get(product.slug);
                    const free = count?.available ?? false;
                    const statusId = `${id}-${product.slug}-status`;
                    return (
                      <li
                        key={product.slug}
                        className={`flex flex-col overflow-hidden rounded-xl border bg-white shadow-sm ${free ? 'border-brand-100' : 'border-slate-200'}`}
                      >
                        <ResponsiveImage
                          src={product.image}
                          alt=""
                          layout="card3"
                          className={`aspect-[4/3] w-full bg-brand-50 object-cover ${free ? '' : 'opacity-60'}`}
                        />
                        <div className="flex flex-1 flex-col gap-2 p-4">
                          <h4 className="font-bold text-slate-900">
                            <a
                              href={productPath(product, { date: ready.event.date, start: ready.event.start, end: ready.event.end })}
                              className="hover:text-brand-800 hover:underline"
                            >
                              {product.name}
                            </a>
                          </h4>
                          <p className="text-sm text-slate-700">
                            {
                              livePriceLabel(
                                { exact: live.exact?.get(product.slug), latest: live.latest?.get(product.slug) },
                                1,
                                { cents: product.fromPriceCents, hours: product.fromPriceHours },
                              )?.label
                            }
                          </p>
                          <p
                            id={statusId}
                            className={`text-sm font-semibold ${free ? 'text-emerald-800' : 'text-slate-700'}`}
                          >
                            {!count
                              ? 'Call us to check this one.'
                              : free
                                ? count.freeCount === null
                                  ? '✓ Available'
                                  : `✓ ${count.freeCount} available`
                                : (count.reason?.message ?? 'Not available for this time.')}
                          </p>
                          <div className="mt-auto pt-2">
                            {free && (
                              <AddToCart
                                product={product}
                                event={ready.event}
                                quantity={1}
                                describedBy={statusId}
                                className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand-700 px-5 py-2 font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800"
                              />
                            )}
                          </div>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })}
          <p className="mt-10">
            <a href="/cart" className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900">
              Go to your cart
            </a>
          </p>
        </section>
      )}
    </div>
  );
}
