import { useEffect, useState } from 'react';
import type { ProductFreeCount } from '../../../lib/booking/index.server';
import type { WindowProblem } from '../../../lib/availability';
import { asPriceRefusal, type NotServed } from '../../../lib/booking';
import type { DeskQuote } from '../../../lib/staff-bookings/index.server';
import { adminApi } from '../../../lib/paths';
import type { ApiError } from '../../shared/api';
import { adminRequest } from '../shared/admin-api';
import { hasPriceBasics, toPriceRequest, type EditorValues } from './booking-editor-values';
import { deskAvailabilityQuery } from '../../../lib/staff-bookings';

const WAIT_MS = 350;

/** Runs `ask` once the inputs (by their key) have stood still briefly; a newer key aborts the older question. */
function useSettled(key: string | null, ask: (signal: AbortSignal) => Promise<void>) {
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => void ask(controller.signal).catch(() => {}), WAIT_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `ask` is rebuilt each render; the key says when the question changed.
  }, [key]);
}

type Answer<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/** What GET /api/admin/booking-desk/availability answers (deskAvailability). */
export interface DeskFreeCounts {
  products: ProductFreeCount[];
  windowProblem: WindowProblem | null;
}

/**
 * The price the desk shows. `quote` is the last price the server gave for this form (kept while
 * staff type, so the Price card is never swapped for an error); `error` is why the latest question
 * got no price. `waiting` says why the quote may be for what the form held a moment ago: 'typing'
 * (a field is not complete yet, so nothing is asked) or 'asking' (the new price is on its way).
 */
export interface DeskPrice {
  quote: DeskQuote | null;
  /** The coupon code `quote` was asked with ('' for none): its `coupon.error` is about that code. */
  coupon: string | null;
  error: ApiError | null;
  waiting: 'typing' | 'asking' | null;
  /**
   * Why the window the form holds cannot be booked at all (the quote's windowProblem), for the When
   * card to say at its field; null once the date or a time changed since the quote was asked, so a
   * reason about the old date is never shown beside a new one.
   */
  windowProblem: WindowProblem | null;
}

/** The form's event window, to tell whether a quote was asked for the window the form holds now. */
const windowKey = (v: Pick<EditorValues, 'date' | 'start' | 'end' | 'endDate'>) =>
  [v.date, v.start, v.end, v.endDate].join(' ');

/** The window's query, or null until it is one the API takes (so no request is refused while staff type). */
function windowQuery(values: EditorValues, bookingId: string | null): string | null {
  if (!values.date || !values.start || !values.end) return null;
  const query = {
    date: values.date,
    start: values.start,
    end: values.end,
    ...(values.endDate ? { endDate: values.endDate } : {}),
    ...(bookingId ? { booking: bookingId } : {}),
  };
  return deskAvailabilityQuery.safeParse(query).success ? new URLSearchParams(query).toString() : null;
}

/**
 * What the booking desk says about the form as it stands (give it the coupon as staff last left its
 * field, `withCouponLeft`): every product's free count for the window
 * and the exact price with each line's availability (the edited booking's own units counted free).
 * Only what the server would take is asked, so typing never draws a 400; nothing while `allowed` is false.
 */
export function useBookingDesk(values: EditorValues, bookingId: string | null, allowed: boolean) {
  // A staff member the desk is not for asks nothing (every question would be a 403).
  const query = allowed ? windowQuery(values, bookingId) : null;
  const [free, setFree] = useState<(Answer<DeskFreeCounts> & { query: string }) | null>(null);
  useEffect(() => {
    if (query === null) setFree(null);
  }, [query]);
  useSettled(query, async (signal) => {
    const r = await adminRequest<DeskFreeCounts>(adminApi.bookingDesk.availability(query ?? ''), {
      signal,
    });
    if (!signal.aborted)
      setFree(
        r.ok ? { ok: true, data: r.data, query: query ?? '' } : { ok: false, error: r.error, query: query ?? '' },
      );
  });

  const basics = hasPriceBasics(values);
  const priceBody = allowed ? toPriceRequest(values, bookingId) : null;
  const priceKey = priceBody ? JSON.stringify(priceBody) : null;
  const [price, setPrice] = useState<{
    quote: DeskQuote | null;
    coupon: string | null;
    window: string | null;
    error: ApiError | null;
    key: string | null;
  }>({
    quote: null,
    coupon: null,
    window: null,
    error: null,
    key: null,
  });
  useEffect(() => {
    // No items or no ZIP: there is no price, not an old one.
    if (!basics) setPrice({ quote: null, coupon: null, window: null, error: null, key: null });
  }, [basics]);
  const askedWindow = windowKey(values);
  useSettled(priceKey, async (signal) => {
    const asked = await adminRequest<DeskQuote | NotServed>(adminApi.bookingDesk.prices, { method: 'POST', json: priceBody, signal });
    if (signal.aborted) return;
    // A ZIP not served is answered, not refused (staff are still typing it): said as the refusal was, and at the ZIP field.
    const r = asPriceRefusal(asked);
    setPrice((p) =>
      r.ok
        ? { quote: r.data, coupon: priceBody?.coupon ?? null, window: askedWindow, error: null, key: priceKey }
        : { ...p, error: r.error, key: priceKey },
    );
  });
  const waiting = priceKey === null ? 'typing' : price.key === priceKey ? null : 'asking';
  const deskPrice: DeskPrice | null = basics
    ? {
        quote: price.quote,
        coupon: price.coupon,
        error: waiting === null ? price.error : null,
        waiting,
        windowProblem: price.window === windowKey(values) ? (price.quote?.windowProblem ?? null) : null,
      }
    : null;
  // Said at the date or time as soon as the window is known to be unbookable, products chosen or not;
  // never a reason about a window the form no longer holds.
  const windowProblem =
    (free?.ok && free.query === query ? free.data.windowProblem : null) ?? deskPrice?.windowProblem ?? null;
  return { free, price: deskPrice, windowProblem };
}
