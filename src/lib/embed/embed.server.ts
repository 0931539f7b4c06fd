import { randomUUID } from 'node:crypto';
import type { Sql } from '../db/index.server';
import { brandPalette, DEFAULT_BRAND_COLOR } from '../business';
import { getSettings } from '../business/index.server';
import { type CorsPolicy, fieldError } from '../http';
import { readToken, signToken } from '../http/index.server';
import { absoluteUrl, checkoutPath, productPath } from '../paths';
import { type Locale, localizedUrl, messagesFor } from '../i18n';
import { nameInLocale } from '../catalog';
import { ENGLISH_PRICE_WORDS, priceWordsOf, startingPrice, startingPriceHeadline } from '../pricing';
import { CART_TOKEN_MINUTES, type EmbedCartRequest, type EmbedConfig, type EmbedProduct, type EmbedProductsQuery, type RedeemedCart } from './embed-cart';
import { NOT_FOUND } from './embed-refusals';

/** Whether pages of `origin` may use the widget: the owner's list, read as asked (Settings changes it at once). */
export const embedCors =
  (db: () => Sql): CorsPolicy =>
  async (origin) => {
    const [row] = await db()<{ listed: boolean }[]>`select coalesce(embed->'origins' ? ${origin}, false) as listed from business_settings where id`;
    return row?.listed ?? false;
  };

/**
 * GET /api/embed/config, answered to any site (it says only whether that site is listed, and the
 * business's look): an element on a page of a site not listed can then say so, instead of failing
 * silently on requests the browser would not let it read.
 */
export async function embedConfig(sql: Sql, origin: string | null, siteOrigin: string): Promise<EmbedConfig> {
  const [row] = await sql<{ business_name: string; brand_color: string; origins: string[]; offer_spanish: boolean; currency: string }[]>`
    select business_name, brand_color, embed->'origins' as origins, offer_spanish, currency from business_settings where id`;
  return {
    // A site not set up yet (no settings) shows its widget nowhere.
    allowed: row !== undefined && (origin === null || origin === siteOrigin || row.origins.includes(origin)),
    businessName: row?.business_name ?? '',
    // The shade the site's own buttons use: white text on it reads at WCAG AA whatever the owner's colour.
    theme: { brand: brandPalette(row?.brand_color ?? DEFAULT_BRAND_COLOR)[700], radius: '0.75rem', font: 'inherit' },
    checkoutUrl: absoluteUrl(siteOrigin, checkoutPath()),
    spanish: row?.offer_spanish ?? false,
    currency: row?.currency ?? 'usd',
  };
}

interface ProductRow {
  slug: string;
  name: string;
  name_es: string | null;
  pricing_unit: 'rental' | 'each';
  base_price_cents: number;
  base_hours: number;
  half_day_price_cents: number | null;
  photo_url: string | null;
  photo_alt: string | null;
  photo_alt_es: string | null;
  cake: boolean;
}

/** Cakes are ordered on the site's cake form (flavour, servings, message); the widget rents. */
const CAKES_ELSEWHERE = 'Cakes are ordered on the site’s own cake page, not from the widget';

/** Products with their first photo, in the site's order; `where` over `p` (products) and `c` (their category). */
const productRows = (sql: Sql, where: ReturnType<Sql>) => sql<ProductRow[]>`
  select p.slug, p.name, p.name_es, p.pricing_unit, p.base_price_cents, p.base_hours, p.half_day_price_cents, ph.url as photo_url, ph.alt as photo_alt, ph.alt_es as photo_alt_es,
    c.kind = 'cake' as cake
  from products p join categories c on c.id = p.category_id
  left join lateral (select url, alt, alt_es from product_photos where product_id = p.id order by sort_order, created_at limit 1) ph on true
  where ${where}
  order by c.sort_order, p.sort_order, p.name
  limit ${MAX_EMBED_PRODUCTS}`;

const fromPrice = (r: ProductRow) => startingPrice({ pricingUnit: r.pricing_unit, basePriceCents: r.base_price_cents, baseHours: r.base_hours, halfDayPriceCents: r.half_day_price_cents });

/** The most products one `<party-catalog>` shows: a category's page, not the whole catalog in one go. */
export const MAX_EMBED_PRODUCTS = 48;

/**
 * GET /api/embed/products: one product, or a category's bookable products in the site's order; in the
 * element's language where the business offers it (names, prices, and links to its Spanish pages).
 */
export async function embedProducts(sql: Sql, query: EmbedProductsQuery, siteOrigin: string, asked: Locale = 'en'): Promise<{ products: EmbedProduct[] }> {
  const settings = await getSettings(sql);
  const language = settings.offerSpanish ? asked : 'en';
  // English is the price labels' own; another language's words come from its dictionary (loaded once, when first asked).
  const priceWords = language === 'en' ? ENGLISH_PRICE_WORDS : priceWordsOf((await messagesFor(language)).catalog);
  const found = await productRows(sql, query.product ? sql`p.active and c.active and p.slug = ${query.product}` : sql`p.active and c.active and c.slug = ${query.category ?? ''}`);
  const field = query.product ? 'product' : 'category';
  if (found.length === 0) throw fieldError(field, NOT_FOUND[field]);
  const rows = found.filter((r) => !r.cake);
  if (rows.length === 0) throw fieldError(field, CAKES_ELSEWHERE);
  return {
    products: rows.map((r) => {
      const from = fromPrice(r);
      const name = nameInLocale({ name: r.name, nameEs: r.name_es }, language);
      return {
        slug: r.slug,
        name,
        url: localizedUrl(siteOrigin, productPath(r), language),
        image: r.photo_url ? new URL(r.photo_url, siteOrigin).href : null,
        // The photo's description in the element's language where the business wrote it (as the name).
        imageAlt: (language === 'es' ? r.photo_alt_es : null) || r.photo_alt || name,
        fromLabel: startingPriceHeadline(from, settings.currency, priceWords),
        fromPriceCents: from.cents,
        fromPriceHours: from.hours,
      };
    }),
  };
}

/**
 * What Settings → Add to your website offers for a snippet: what the elements show (bookable rentals, and
 * the categories that have one), so a snippet the owner copies never names a cake, a hidden product or an
 * empty category, which the element would refuse on the owner's own page.
 */
export async function embedChoices(sql: Sql): Promise<{ products: { slug: string; name: string }[]; categories: { slug: string; name: string }[] }> {
  const [products, categories] = await Promise.all([
    sql<{ slug: string; name: string }[]>`
      select p.slug, p.name from products p join categories c on c.id = p.category_id
      where p.active and c.active and c.kind <> 'cake'
      order by p.name`,
    sql<{ slug: string; name: string }[]>`
      select c.slug, c.name from categories c
      where c.active and c.kind <> 'cake' and exists (select 1 from products p where p.category_id = c.id and p.active)
      order by c.sort_order, c.name`,
  ]);
  return { products: [...products], categories: [...categories] };
}

const PURPOSE = 'embed-cart/v1';
interface CartTokenData {
  id: string;
  origin: string;
  cart: EmbedCartRequest;
}

/**
 * POST /api/embed/cart-token: the widget's cart, signed for the checkout. Its products must exist and be
 * bookable now (the checkout prices and checks them again, as any cart); the origin is the page's own.
 * The checkout is the one in the cart element's language (the Spanish one where the business offers it).
 */
export async function issueCartToken(
  sql: Sql,
  secret: string,
  origin: string,
  cart: EmbedCartRequest,
  siteOrigin: string,
  now: Date,
  language: Locale = 'en',
): Promise<{ checkoutUrl: string; expiresAt: string }> {
  const slugs = cart.items.map((i) => i.product);
  const found = await sql<{ slug: string; cake: boolean }[]>`
    select p.slug, c.kind = 'cake' as cake from products p join categories c on c.id = p.category_id where p.active and c.active and p.slug = any(${slugs})`;
  const known = new Map(found.map((r) => [r.slug, r]));
  const missing = slugs.findIndex((slug) => !known.has(slug));
  if (missing >= 0) throw fieldError(`items.${missing}.product`, NOT_FOUND.product);
  const cake = slugs.findIndex((slug) => known.get(slug)!.cake);
  if (cake >= 0) throw fieldError(`items.${cake}.product`, CAKES_ELSEWHERE);
  const expiresAt = new Date(now.getTime() + CART_TOKEN_MINUTES * 60_000);
  const token = signToken(secret, PURPOSE, { id: randomUUID(), origin, cart } satisfies CartTokenData, expiresAt);
  const { offerSpanish } = await getSettings(sql);
  return { checkoutUrl: localizedUrl(siteOrigin, checkoutPath(token), language, offerSpanish), expiresAt: expiresAt.toISOString() };
}

const tokenMessages = {
  malformed: 'This cart link is not one of ours. Add the rentals to your cart again.',
  forged: 'This cart link is not one of ours. Add the rentals to your cart again.',
  expired: `This cart link has expired (it lasts ${CART_TOKEN_MINUTES} minutes). Add the rentals to your cart again.`,
  used: 'This cart link was already opened. Your cart is in the browser that opened it, or add the rentals again.',
};

/**
 * POST /api/embed/cart: the token's cart for the checkout, once. Redeeming records the token's id, so a
 * link opened again (another tab, forwarded, replayed) fills no second cart; the booking names the id,
 * which ties it to the host site for the analytics.
 */
export async function redeemCartToken(sql: Sql, secret: string, token: string, now: Date): Promise<RedeemedCart> {
  const verdict = readToken(secret, PURPOSE, token, now);
  if (!verdict.ok) throw fieldError('token', tokenMessages[verdict.problem]);
  const { id, origin, cart } = verdict.data as CartTokenData;
  const [redeemed] = await sql<{ token_id: string }[]>`
    insert into embed_cart_redemptions (token_id, origin, redeemed_at) values (${id}, ${origin}, ${now})
    on conflict (token_id) do nothing returning token_id`;
  if (!redeemed) throw fieldError('token', tokenMessages.used);
  const [settings, rows] = await Promise.all([
    getSettings(sql),
    productRows(sql, sql`p.slug = any(${cart.items.map((i) => i.product)})`),
  ]);
  const bySlug = new Map(rows.map((r) => [r.slug, r]));
  return {
    cart: {
      items: cart.items.flatMap((item) => {
        const row = bySlug.get(item.product);
        if (!row) return []; // deleted since the token was made: the checkout shows what is left
        const from = fromPrice(row);
        return [{ product: row.slug, name: row.name, nameEs: row.name_es, quantity: item.quantity, image: row.photo_url ?? '', fromPriceCents: from.cents, fromPriceHours: from.hours }];
      }),
      event: cart.event ?? null,
      zip: cart.zip ?? '',
    },
    via: { id, origin, thankYouUrl: settings.embed.origins.includes(origin) && settings.embed.thankYouUrl ? settings.embed.thankYouUrl : null },
  };
}

/**
 * The booking made from a redeemed widget cart: which host site it came through. A cart counts once, for
 * the first booking that names it (the cart keeps it); a later booking naming it counts as direct, as
 * does one naming an id never redeemed. One statement: of two bookings naming the cart at once, the
 * second finds it taken.
 */
export async function recordBookingOrigin(sql: Sql, bookingNumber: string, cartTokenId: string): Promise<void> {
  await sql`
    with counted as (
      update embed_cart_redemptions r set booking_id = b.id from bookings b
      where r.token_id = ${cartTokenId} and r.booking_id is null and b.number = ${bookingNumber}
      returning r.origin, b.id
    )
    update bookings set embed_origin = counted.origin from counted where bookings.id = counted.id`;
}

/** Housekeeping: a redemption matters only while its token could still be opened, and for a booking made soon after. */
export async function deleteOldCartRedemptions(sql: Sql, now: Date): Promise<void> {
  await sql`delete from embed_cart_redemptions where redeemed_at < ${new Date(now.getTime() - 7 * 86_400_000)}`;
}
