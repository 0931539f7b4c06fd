import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { arrival } from '../cart/arrival';
import type { CartEvent } from '../cart/cart-store';
import { isAbort, requestJson, type ApiError } from '../shared/api';
import { isClock, isIsoDate } from '../../lib/time';
import { useEventWindow } from '../shared/use-event-window';
import { publicApi } from '../../lib/paths';
import type { Messages } from '../../lib/i18n';

export interface ProductFreeCount {
  product: string;
  name: string;
  available: boolean;
  freeCount: number | null;
  reason: { code: string; message: string } | null;
}

export type Result =
  | { status: 'idle' }
  | { status: 'loading'; event: CartEvent }
  | { status: 'ready'; event: CartEvent; counts: Map<string, ProductFreeCount> }
  | { status: 'error'; error: ApiError };

interface Options {
  openFrom: string;
  openUntil: string;
  timeZone: string;
  /** The page's words (its own messages in the browser). */
  text: Pick<Messages['atSearch'], 'couldNotCheck' | 'chooseDate' | 'fromToday'>;
}

/**
 * /at's form and its one question: every rental's free count for a date and window. The window is
 * kept in the address (so a shared link shows the same answer) and taken from it, or from the cart, on arrival.
 */
export function useDateSearch({ openFrom, openUntil, timeZone, text }: Options) {
  const [today, setToday] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const eventWindow = useEventWindow(openFrom, openUntil);
  const { start, end, setWindow } = eventWindow;
  const [dateError, setDateError] = useState<string | null>(null);
  const [result, setResult] = useState<Result>({ status: 'idle' });
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
          error: { code: 'network', message: text.couldNotCheck },
        });
    }
  };

  useEffect(() => {
    const { now, cartEvent, urlDate, urlStart, urlEnd } = arrival(timeZone);
    setToday(now);
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
      setWindow(initial.start, initial.end);
      void search(initial);
    }
    return () => controller.current?.abort();
    // Runs once on arrival (search only reads state setters); later searches start from the form.
  }, [timeZone]);

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    if (!isIsoDate(date)) {
      setDateError(text.chooseDate);
      dateRef.current?.focus();
      return;
    }
    if (today && date < today) {
      setDateError(text.fromToday);
      dateRef.current?.focus();
      return;
    }
    setDateError(null);
    void search({ date, start, end });
  };

  return { ...eventWindow, today, date, setDate, dateError, result, dateRef, submit };
}
