import { EVENTS_API, publicApi, withSearch } from '../../lib/paths';
import { EMBED_EARLY_KEY, type EmbedConfig, type EmbedProduct } from '../../lib/embed';
import { type Locale, PAGE_LANGUAGE_QUERY } from '../../lib/i18n';
import type { StartingPrice } from '../../lib/pricing';
import { widgetWords } from './widget-words';

/**
 * The widget's requests to the booking site it was loaded from, never with credentials (no cookie goes
 * to the booking site from another site's page). Every failure becomes a message an element can show,
 * in its language: each request names it (`lang`, which the server reads like a Spanish page's header).
 */
export type Answer<T> = { ok: true; data: T } | { ok: false; message: string; fields?: Record<string, string> };

/** The answers /embed.js asked for while this module loaded (src/lib/embed/embed-loader.ts), each taken once. */
const early: Record<string, Promise<Response> | undefined> = (window as unknown as Record<symbol, typeof early>)[Symbol.for(EMBED_EARLY_KEY)] ?? {};
function takeEarly(path: string): Promise<Response> | undefined {
  const answer = early[path];
  delete early[path];
  return answer;
}

/** The language a request names: nothing for English, the server's default (and the loader's early reads' address). */
const lang = (language: Locale) => ({ [PAGE_LANGUAGE_QUERY]: language === 'es' ? 'es' : undefined });

export function widgetApi(base: string) {
  const ask = async <T>(path: string, language: Locale, init: RequestInit = {}): Promise<Answer<T>> => {
    const offline = widgetWords(language).offline;
    try {
      const response = await ((init.method ? undefined : takeEarly(path)) ?? fetch(new URL(path, base), { ...init, credentials: 'omit', mode: 'cors' }));
      const body = (await response.json().catch(() => null)) as (T & { error?: { message: string; fields?: Record<string, string> } }) | null;
      if (response.ok && body) return { ok: true, data: body };
      return { ok: false, message: body?.error?.message ?? offline, ...(body?.error?.fields ? { fields: body.error.fields } : {}) };
    } catch {
      return { ok: false, message: offline };
    }
  };
  return {
    config: () => ask<EmbedConfig>(publicApi.embed.config, 'en'),
    products: (search: { product?: string; category?: string }, language: Locale) =>
      ask<{ products: EmbedProduct[] }>(publicApi.embed.products({ ...search, ...lang(language) }), language),
    availability: (search: Record<string, string>, language: Locale) =>
      // `from`: each product's "from" price, which a line the date search adds carries to the cart.
      ask<{ products?: { product: string; name: string; available: boolean; reason: { message: string } | null; from: StartingPrice }[]; available?: boolean; reason?: { message: string } | null }>(
        publicApi.availability({ ...search, ...lang(language) }),
        language,
      ),
    /** The checkout's address on the booking site, in the cart element's language. */
    cartToken: (cart: unknown, language: Locale) =>
      ask<{ checkoutUrl: string }>(withSearch(publicApi.embed.cartToken, lang(language)), language, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(cart),
      }),
    /** First-party analytics of the booking site: the host site is the event's referrer (a beacon sends no credentials). */
    track: (name: 'product_view' | 'add_to_cart', product: string) => {
      const body = JSON.stringify({ name, path: '/embed', product, referrer: location.origin });
      try {
        navigator.sendBeacon(new URL(EVENTS_API, base), new Blob([body], { type: 'text/plain' }));
      } catch {
        // Analytics never stand in the customer's way.
      }
    },
  };
}
export type WidgetApi = ReturnType<typeof widgetApi>;
