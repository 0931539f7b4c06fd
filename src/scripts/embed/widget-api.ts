import { EVENTS_API, publicApi } from '../../lib/paths';
import { EMBED_EARLY_KEY, type EmbedConfig, type EmbedProduct } from '../../lib/embed';

/**
 * The widget's requests to the booking site it was loaded from, never with credentials (no cookie goes
 * to the booking site from another site's page). Every failure becomes a message an element can show.
 */
export type Answer<T> = { ok: true; data: T } | { ok: false; message: string; fields?: Record<string, string> };

const OFFLINE = 'We couldn’t reach the booking system. Check your connection and try again.';

/** The answers /embed.js asked for while this module loaded (src/lib/embed/embed-loader.ts), each taken once. */
const early: Record<string, Promise<Response> | undefined> = (window as unknown as Record<symbol, typeof early>)[Symbol.for(EMBED_EARLY_KEY)] ?? {};
function takeEarly(path: string): Promise<Response> | undefined {
  const answer = early[path];
  delete early[path];
  return answer;
}

export function widgetApi(base: string) {
  const ask = async <T>(path: string, init: RequestInit = {}): Promise<Answer<T>> => {
    try {
      const response = await ((init.method ? undefined : takeEarly(path)) ?? fetch(new URL(path, base), { ...init, credentials: 'omit', mode: 'cors' }));
      const body = (await response.json().catch(() => null)) as (T & { error?: { message: string; fields?: Record<string, string> } }) | null;
      if (response.ok && body) return { ok: true, data: body };
      return { ok: false, message: body?.error?.message ?? OFFLINE, ...(body?.error?.fields ? { fields: body.error.fields } : {}) };
    } catch {
      return { ok: false, message: OFFLINE };
    }
  };
  const post = <T>(path: string, json: unknown) => ask<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) });
  return {
    config: () => ask<EmbedConfig>(publicApi.embed.config),
    products: (search: { product?: string; category?: string }) => ask<{ products: EmbedProduct[] }>(publicApi.embed.products(search)),
    availability: (search: Record<string, string>) =>
      ask<{ products?: { product: string; name: string; available: boolean; reason: { message: string } | null }[]; available?: boolean; reason?: { message: string } | null }>(publicApi.availability(search)),
    cartToken: (cart: unknown) => post<{ checkoutUrl: string }>(publicApi.embed.cartToken, cart),
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
