import { useEffect, useState } from 'react';
import type { ProductFreeCount } from '../../../lib/booking/availability.server';
import type { PriceQuote } from '../../../lib/booking/quote-price.server';
import type { ApiError } from '../../shared/api';
import { adminRequest } from '../shared/admin-api';
import { toPriceRequest, type EditorValues } from './booking-editor-values';

const WAIT_MS = 350;

/** Runs `ask` once the inputs (by their key) have stood still briefly; a newer key drops the older answer. */
function useSettled<T>(key: string | null, ask: (signal: AbortSignal) => Promise<T>): T | null {
  const [answer, setAnswer] = useState<T | null>(null);
  useEffect(() => {
    if (key === null) {
      setAnswer(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      ask(controller.signal).then((a) => !controller.signal.aborted && setAnswer(a)).catch(() => {});
    }, WAIT_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `ask` is rebuilt each render; the key says when the question changed.
  }, [key]);
  return answer;
}

type Answer<T> = { ok: true; data: T } | { ok: false; error: ApiError };

/**
 * What the booking desk says about the form as it stands: every product's free count for the window
 * and the exact price with each line's availability (the edited booking's own units counted free).
 */
export function useBookingDesk(values: EditorValues, bookingId: string | null) {
  const windowQuery =
    values.date && values.start && values.end
      ? new URLSearchParams({ date: values.date, start: values.start, end: values.end, ...(values.endDate ? { endDate: values.endDate } : {}), ...(bookingId ? { booking: bookingId } : {}) }).toString()
      : null;
  const free = useSettled<Answer<{ products: ProductFreeCount[] }>>(windowQuery, async (signal) => {
    const r = await adminRequest<{ products: ProductFreeCount[] }>(`/api/admin/booking-desk/availability?${windowQuery}`, { signal });
    return r.ok ? { ok: true, data: r.data } : { ok: false, error: r.error };
  });
  const priceBody = toPriceRequest(values, bookingId);
  const priceKey = priceBody ? JSON.stringify(priceBody) : null;
  const price = useSettled<Answer<PriceQuote>>(priceKey, async (signal) => {
    const r = await adminRequest<PriceQuote>('/api/admin/booking-desk/prices', { method: 'POST', json: priceBody, signal });
    return r.ok ? { ok: true, data: r.data } : { ok: false, error: r.error };
  });
  return { free, price: priceKey ? price : null };
}
