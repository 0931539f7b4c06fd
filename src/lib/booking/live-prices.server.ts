import type { Sql } from '../db/index.server';
import { fieldError } from '../http';
import { getSettings } from '../business/index.server';
import { toEventWindow } from '../time';
import { livePrice, type LivePrices, type LivePricesQuery } from '../pricing';
import { loadProducts } from './booking-context.server';

/**
 * The asked products' prices from the database, in the order asked. Unknown and inactive products
 * are left out: the page that asked keeps what it was built with, and booking refuses them anyway.
 */
export async function livePrices(sql: Sql, query: LivePricesQuery): Promise<LivePrices> {
  const [settings, products] = await Promise.all([getSettings(sql), loadProducts(sql, { slugs: query.products })]);
  let window = null;
  if (query.event) {
    try {
      window = toEventWindow(query.event, settings.timezone);
    } catch {
      // Only a window inside the spring-forward gap gets here: it has no length to price.
      throw fieldError('end', 'The end time must be after the start time');
    }
  }
  const bySlug = new Map(products.filter((p) => p.active).map((p) => [p.slug, p]));
  return {
    products: query.products.flatMap((slug) => {
      const product = bySlug.get(slug);
      return product ? [livePrice(product, window, settings.timezone)] : [];
    }),
  };
}
