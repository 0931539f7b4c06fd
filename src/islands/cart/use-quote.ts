import { startTransition, useEffect, useRef, useState } from 'react';
import type { PriceQuote } from '../../lib/booking/index.server';
import { asPriceRefusal, type NotServed } from '../../lib/booking';
import type { PriceRequestInput } from '../../lib/pricing';
import { isAbort, requestJson, type ApiError } from '../shared/api';
import { publicApi } from '../../lib/paths';

export type { PriceQuote };

export type QuoteState =
  | { status: 'idle'; quote: null; error: null; key: null }
  | { status: 'loading'; quote: PriceQuote | null; error: null; key: string | null }
  | { status: 'ready'; quote: PriceQuote; error: null; key: string }
  | { status: 'error'; quote: null; error: ApiError; key: string };

const IDLE: QuoteState = { status: 'idle', quote: null, error: null, key: null };
const LOADING: QuoteState = { status: 'loading', quote: null, error: null, key: null };

/**
 * The exact, itemised price from POST /api/quote-price for a cart. Typing in a quantity or a ZIP
 * fires one request after a pause (debounced), an older answer never overwrites a newer one, and
 * the last price stays on screen (marked busy) while the next one loads.
 */
export function useQuote(request: PriceRequestInput | null, delayMs = 300): QuoteState {
  const key = request ? JSON.stringify(request) : null;
  // With a request the first render already says "loading": the effect below then changes nothing, and
  // the page is not rendered a second time right after it first appears (a whole checkout form).
  const [state, setState] = useState<QuoteState>(() => (key === null ? IDLE : LOADING));
  const requestRef = useRef(request);
  requestRef.current = request;

  useEffect(() => {
    if (key === null) {
      setState(IDLE);
      return;
    }
    setState((previous) =>
      previous.status === 'loading' ? previous : { status: 'loading', quote: previous.quote, error: null, key: previous.key },
    );
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const asked = await requestJson<PriceQuote | NotServed>(publicApi.quotePrice, {
          method: 'POST',
          json: requestRef.current,
          signal: controller.signal,
        });
        if (controller.signal.aborted) return;
        // A ZIP not served is a normal answer (no error in the console while it is typed), shown as the refusal it replaced.
        const result = asPriceRefusal(asked);
        // A transition: React renders the new price in slices that leave room for typing and paint.
        startTransition(() =>
          setState(
            result.ok
              ? { status: 'ready', quote: result.data, error: null, key }
              : { status: 'error', quote: null, error: result.error, key },
          ),
        );
      } catch (error) {
        if (!isAbort(error)) throw error;
      }
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, delayMs]);

  return state;
}
