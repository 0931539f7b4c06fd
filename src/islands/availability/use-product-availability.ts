import { useWords } from '../shared/island-words';
import { useEffect, useState } from 'react';
import { arrival } from '../cart/arrival';
import { isAbort, requestJson, type ApiError } from '../shared/api';
import { isClock, isIsoDate } from '../../lib/time';
import { useEventWindow } from '../shared/use-event-window';
import { publicApi } from '../../lib/paths';

export interface DayAvailability {
  date: string;
  available: boolean;
  freeCount: number | null;
  reason: string | null;
}

export interface WindowAvailability {
  available: boolean;
  freeCount: number | null;
  reason: { code: string; message: string } | null;
}

export type Load<T> =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: ApiError };

export const monthOf = (isoDate: string) => isoDate.slice(0, 7);

interface Options {
  productSlug: string;
  defaultStart: string;
  defaultEnd: string;
  openFrom: string;
  openUntil: string;
  timeZone: string;
}

/**
 * The booking widget's questions to the server: the month's colours and the exact answer for the
 * chosen day, window and quantity, asked again whenever one of them changes.
 */
export function useProductAvailability({
  productSlug,
  defaultStart,
  defaultEnd,
  openFrom,
  openUntil,
  timeZone,
}: Options) {
  const { cart: t } = useWords();
  // The calendar depends on "today", which differs between the build and the visit: it renders
  // only in the browser, in a box of the same size, so hydration matches and nothing jumps.
  const [today, setToday] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const eventWindow = useEventWindow(openFrom, openUntil, {
    start: isClock(defaultStart) ? defaultStart : '10:00',
    end: isClock(defaultEnd) ? defaultEnd : '16:00',
  });
  const { start, end, setWindow } = eventWindow;
  const [quantity, setQuantity] = useState(1);
  const [month, setMonth] = useState<string | null>(null);
  const [days, setDays] = useState<Record<string, DayAvailability>>({});
  const [monthError, setMonthError] = useState<string | null>(null);
  const [check, setCheck] = useState<Load<WindowAvailability>>({ status: 'idle' });

  useEffect(() => {
    const { now, cartEvent: event, urlDate: fromUrl, urlStart, urlEnd } = arrival(timeZone);
    setToday(now);
    const initialDate = isIsoDate(fromUrl) && fromUrl >= now ? fromUrl : event && event.date >= now ? event.date : null;
    if (isClock(urlStart) && isClock(urlEnd) && urlStart < urlEnd) {
      setWindow(urlStart, urlEnd);
    } else if (event && !event.endDate && (!isIsoDate(fromUrl) || fromUrl === event.date)) {
      setWindow(event.start, event.end);
    }
    setDate(initialDate);
    setMonth(monthOf(initialDate ?? now));
  }, [timeZone]);

  // The month's colours, for the chosen window and quantity.
  useEffect(() => {
    if (!month) return;
    const controller = new AbortController();
    setMonthError(null);
    const query = new URLSearchParams({ product: productSlug, month, start, end, quantity: String(quantity) });
    requestJson<{ days: DayAvailability[] }>(publicApi.availability(query), { signal: controller.signal })
      .then((result) => {
        if (result.ok) setDays(Object.fromEntries(result.data.days.map((d) => [d.date, d])));
        else setMonthError(result.error.message);
      })
      .catch((error: unknown) => {
        if (!isAbort(error)) setMonthError(t.calendarLoadFailed);
      });
    return () => controller.abort();
  }, [productSlug, month, start, end, quantity]);

  // The exact answer for the chosen day and window.
  useEffect(() => {
    if (!date) {
      setCheck({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setCheck({ status: 'loading' });
    const query = new URLSearchParams({ product: productSlug, date, start, end, quantity: String(quantity) });
    requestJson<WindowAvailability>(publicApi.availability(query), { signal: controller.signal })
      .then((result) =>
        setCheck(result.ok ? { status: 'ready', data: result.data } : { status: 'error', error: result.error }),
      )
      .catch((error: unknown) => {
        if (!isAbort(error))
          setCheck({
            status: 'error',
            error: { code: 'network', message: t.checkFailed },
          });
      });
    return () => controller.abort();
  }, [productSlug, date, start, end, quantity]);

  return { ...eventWindow, today, date, setDate, quantity, setQuantity, month, setMonth, days, monthError, check };
}
