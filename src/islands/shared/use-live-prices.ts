import { useEffect, useState } from 'react';
import { fetchLivePrices, livePricesUrl, type LivePrice, type PricedWindow } from './live-prices';

export interface LivePriceState {
  /** The answer to exactly this question: its `forWindow` prices belong to the window asked. */
  exact: Map<string, LivePrice> | null;
  /** The newest answer to any question asked here: its rules and "from" prices hold for every window. */
  latest: Map<string, LivePrice> | null;
}

/**
 * The live prices (GET /api/prices) of these products, for this window when there is one. Null on the
 * first render, as on the server, so hydration matches what the page was built with.
 */
export function useLivePrices(products: readonly string[], window: PricedWindow | null): LivePriceState {
  const url = livePricesUrl(products, window);
  const [answer, setAnswer] = useState<{ url: string; prices: Map<string, LivePrice> } | null>(null);
  useEffect(() => {
    if (!url) return;
    let wanted = true;
    void fetchLivePrices(url).then((prices) => {
      if (wanted && prices) setAnswer({ url, prices });
    });
    return () => {
      wanted = false;
    };
  }, [url]);
  return { exact: answer && answer.url === url ? answer.prices : null, latest: answer?.prices ?? null };
}
