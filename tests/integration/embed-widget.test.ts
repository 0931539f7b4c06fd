import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, futureDate, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { raiseBookingLimits } from '../support/booking-limits';

/**
 * The booking widget's endpoints (issue #39) on a real database: a listed host site reads products and
 * gets a cart token; the checkout redeems it once; the booking made from it is counted for the host
 * site; a site not listed is told so by the config and refused by everything else.
 */

const HOST = 'https://www.partyhost.example';
const STRANGER = 'https://elsewhere.example';
let db: TestDatabase;
const handlers: Record<string, Handler> = {};

beforeAll(async () => {
  db = await createSeededDatabase();
  await raiseBookingLimits(db.sql);
  await db.sql`update business_settings set embed = ${db.sql.json({ origins: [HOST], thankYouUrl: `${HOST}/thanks` })}`;
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'SMTP_URL']) delete process.env[key];
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'embed-')) });
  for (const name of ['embed-config', 'embed-products', 'embed-cart-token', 'embed-cart', 'bookings', 'availability', 'events']) {
    handlers[name] = (await import(`../../netlify/functions/${name}.ts`)).default;
  }
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await db.drop();
});

const from = (origin: string) => ({ origin });
const cart = { items: [{ product: 'sticky-wall', quantity: 1 }, { product: 'table-and-chair-set', quantity: 2 }], event: { date: futureDate(44), start: '11:00', end: '17:00' }, zip: '78664' };

describe('the booking widget on a listed site', () => {
  it('is told it is listed, with the business’s look and its checkout', async () => {
    const listed = await call(handlers['embed-config']!, 'GET', '/api/embed/config', undefined, from(HOST));
    expect(listed.status).toBe(200);
    expect(listed.headers.get('access-control-allow-origin')).toBe('*');
    expect(listed.body).toMatchObject({ allowed: true, checkoutUrl: 'http://localhost/checkout', theme: { brand: expect.stringMatching(/^#[0-9a-f]{6}$/) }, currency: 'usd' });
    const stranger = await call(handlers['embed-config']!, 'GET', '/api/embed/config', undefined, from(STRANGER));
    expect(stranger.body.allowed).toBe(false);
  });

  it('reads one product or a category, with absolute addresses and its own origin in the answer', async () => {
    const one = await call(handlers['embed-products']!, 'GET', '/api/embed/products?product=sticky-wall', undefined, from(HOST));
    expect(one.status).toBe(200);
    expect(one.headers.get('access-control-allow-origin')).toBe(HOST);
    expect(one.body.products).toEqual([
      expect.objectContaining({ slug: 'sticky-wall', url: 'http://localhost/products/sticky-wall', fromLabel: expect.stringMatching(/^From \$\d/) }),
    ]);
    const [category] = await db.sql<{ slug: string }[]>`select c.slug from categories c join products p on p.category_id = c.id where p.slug = 'pink-castle-bounce-house'`;
    const many = await call(handlers['embed-products']!, 'GET', `/api/embed/products?category=${category!.slug}`, undefined, from(HOST));
    expect(many.body.products.length).toBeGreaterThan(1);
    expect(many.body.products.map((p: { slug: string }) => p.slug)).toContain('pink-castle-bounce-house');
  });

  it('states a rental’s from-price in the date search’s answer as in the products’ answer: the cart shows it for a line added from either', async () => {
    const [products, free] = await Promise.all([
      call(handlers['embed-products']!, 'GET', '/api/embed/products?product=pink-castle-bounce-house', undefined, from(HOST)),
      call(handlers.availability!, 'GET', `/api/availability?date=${futureDate(46)}&start=10:00&end=16:00`, undefined, from(HOST)),
    ]);
    const { fromPriceCents, fromPriceHours } = products.body.products[0];
    expect(fromPriceCents).toBeGreaterThan(0);
    expect(free.body.products.find((p: { product: string }) => p.product === 'pink-castle-bounce-house')).toMatchObject({ from: { cents: fromPriceCents, hours: fromPriceHours } });
    expect(free.body.products.every((p: { from: { cents: number } }) => Number.isSafeInteger(p.from.cents))).toBe(true);
  });

  it('answers a bad slug at its field, readable by the host page', async () => {
    const missing = await call(handlers['embed-products']!, 'GET', '/api/embed/products?product=no-such-thing', undefined, from(HOST));
    expect(missing.status).toBe(400);
    expect(missing.headers.get('access-control-allow-origin')).toBe(HOST);
    expect(missing.body.error.fields).toEqual({ product: 'We have no product by that name' });
    const neither = await call(handlers['embed-products']!, 'GET', '/api/embed/products', undefined, from(HOST));
    expect(neither.status).toBe(400);
  });

  it('answers a preflight for the cart token, and never allows credentials', async () => {
    const preflight = await call(handlers['embed-cart-token']!, 'OPTIONS', '/api/embed/cart-token', undefined, { ...from(HOST), 'access-control-request-method': 'POST' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(HOST);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('offers no cake: cakes are ordered on the cake form, with their flavour and message, not rented from a cart', async () => {
    const cake = 'classic-round-birthday-cake';
    const product = await call(handlers['embed-products']!, 'GET', `/api/embed/products?product=${cake}`, undefined, from(HOST));
    expect(product.status).toBe(400);
    expect(product.body.error.fields.product).toMatch(/cake page/);
    const token = await call(handlers['embed-cart-token']!, 'POST', '/api/embed/cart-token', { ...cart, items: [...cart.items, { product: cake, quantity: 1 }] }, from(HOST));
    expect(token.status).toBe(400);
    expect(token.body.error.fields['items.2.product']).toMatch(/cake page/);
    const booked = await call(handlers.bookings!, 'POST', '/api/bookings', {
      ...cart,
      items: [{ product: cake, quantity: 1 }],
      customer: { name: 'Cake Renter', email: 'cake.renter@example.com', phone: '(512) 555-0143' },
      address: { line1: '12 Elm St', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
      acceptTerms: true,
    });
    expect(booked.status).toBe(400);
    expect(booked.body.error.fields['items.0.product']).toMatch(/is a cake: order it on its page/);
    expect(await db.sql`select 1 from bookings b join customers c on c.id = b.customer_id where c.email = 'cake.renter@example.com'`).toHaveLength(0);
    // The date search ("what's free that day") lists rentals only.
    const free = await call(handlers.availability!, 'GET', `/api/availability?date=${cart.event.date}&start=11:00&end=17:00`);
    expect(free.status).toBe(200);
    const slugs = free.body.products.map((p: { product: string }) => p.product);
    expect(slugs).toContain('sticky-wall');
    const cakes = await db.sql<{ slug: string }[]>`select p.slug from products p join categories c on c.id = p.category_id where c.kind = 'cake'`;
    expect(cakes.length).toBeGreaterThan(0);
    expect(slugs.filter((s: string) => cakes.some((c) => c.slug === s))).toEqual([]);
  });

  it('offers the owner, for a snippet, only products and categories its elements show', async () => {
    // A hidden product, and a category whose only product is hidden: neither may be offered.
    await db.sql`update products set active = false where slug = 'bungee-run'`;
    const [emptyShelf] = await db.sql<{ id: string }[]>`insert into categories (slug, name, kind, sort_order, active) values ('empty-shelf', 'Empty shelf', 'rental', 99, true) returning id`;
    await db.sql`update products set category_id = ${emptyShelf!.id} where slug = 'bungee-run'`;
    try {
      const { settingsOverview } = await import('../../src/lib/settings/index.server');
      const { embedChoices } = await settingsOverview(db.sql);
      expect(embedChoices.products.length).toBeGreaterThan(10);
      expect(embedChoices.categories.length).toBeGreaterThan(3);
      // Each choice, pasted on the host page, shows its products: no cake, no hidden product, no empty category.
      for (const { slug } of embedChoices.products) {
        const shown = await call(handlers['embed-products']!, 'GET', `/api/embed/products?product=${slug}`, undefined, from(HOST));
        expect(shown.status, slug).toBe(200);
      }
      for (const { slug } of embedChoices.categories) {
        const shown = await call(handlers['embed-products']!, 'GET', `/api/embed/products?category=${slug}`, undefined, from(HOST));
        expect(shown.status, slug).toBe(200);
      }
      expect(embedChoices.products.map((p) => p.slug)).not.toContain('bungee-run');
    } finally {
      const [interactive] = await db.sql<{ id: string }[]>`select id from categories where slug = 'interactive-games'`;
      await db.sql`update products set active = true, category_id = ${interactive!.id} where slug = 'bungee-run'`;
      await db.sql`delete from categories where slug = 'empty-shelf'`;
    }
  });

  it('carries the cart to checkout once, and the booking made from it counts for the host site', async () => {
    const issued = await call(handlers['embed-cart-token']!, 'POST', '/api/embed/cart-token', cart, from(HOST));
    expect(issued.status).toBe(200);
    const checkout = new URL(issued.body.checkoutUrl);
    expect(checkout.pathname).toBe('/checkout');
    const token = checkout.searchParams.get('cart')!;

    const landed = await call(handlers['embed-cart']!, 'POST', '/api/embed/cart', { token });
    expect(landed.status).toBe(200);
    expect(landed.body.cart).toMatchObject({ event: cart.event, zip: '78664', items: [expect.objectContaining({ product: 'sticky-wall', quantity: 1 }), expect.objectContaining({ product: 'table-and-chair-set', quantity: 2 })] });
    expect(landed.body.cart.items[0].name).toBeTruthy();
    expect(landed.body.via).toMatchObject({ origin: HOST, thankYouUrl: `${HOST}/thanks` });

    const again = await call(handlers['embed-cart']!, 'POST', '/api/embed/cart', { token });
    expect(again.status).toBe(400);
    expect(again.body.error.fields.token).toMatch(/already opened/);

    /** A booking of the cart naming the widget's cart, and the host site it was counted for. */
    const bookNamingTheCart = async (date: string, who: string, n: number) => {
      const placed = await call(handlers.bookings!, 'POST', '/api/bookings', {
        ...cart,
        event: { ...cart.event, date },
        customer: { name: `${who} Customer`, email: `${who.toLowerCase()}@example.com`, phone: `(512) 555-01${n}` },
        address: { line1: `${n - 30} Elm St`, city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
        acceptTerms: true,
        embedCart: landed.body.via.id,
      });
      expect(placed.status).toBe(201);
      const [row] = await db.sql`select embed_origin from bookings where number = ${placed.body.bookingNumber}`;
      return row!.embed_origin;
    };
    expect(await bookNamingTheCart(cart.event.date, 'Widget', 42)).toBe(HOST);
    // The cart counts once: a later booking that still names it (its payment never made, the tab kept
    // the cart's mark) is a direct booking.
    expect(await bookNamingTheCart(futureDate(47), 'Direct', 43)).toBeNull();

    // The analytics count, per host site, what the widget showed, what went into its cart and the booking.
    const viewed = await call(handlers.events!, 'POST', '/api/events', { name: 'product_view', path: '/embed', product: 'sticky-wall', referrer: HOST }, from(HOST));
    expect(viewed.status).toBe(204);
    expect(viewed.headers.get('access-control-allow-origin')).toBe(HOST);
    const { analyticsFor } = await import('../../src/lib/analytics/index.server');
    const { analyticsQuery } = await import('../../src/lib/reports');
    const report = await analyticsFor(db.sql, analyticsQuery.parse({}), new Date());
    expect(report.hosts).toEqual([{ origin: HOST, views: 1, adds: 0, bookings: 1 }]);
  });

  it('counts a cart for one booking only, when two bookings name it at once', async () => {
    const { issueCartToken, recordBookingOrigin } = await import('../../src/lib/embed/index.server');
    const issued = await issueCartToken(db.sql, process.env.HUMAN_CHECK_SECRET!, HOST, cart, 'http://localhost', new Date());
    const landed = await call(handlers['embed-cart']!, 'POST', '/api/embed/cart', { token: new URL(issued.checkoutUrl).searchParams.get('cart') });
    const numbers = await db.sql<{ number: string }[]>`select number from bookings where embed_origin is null order by created_at desc limit 2`;
    expect(numbers).toHaveLength(2);
    await Promise.all(numbers.map((b) => recordBookingOrigin(db.sql, b.number, landed.body.via.id)));
    const counted = await db.sql`select number from bookings where number in ${db.sql(numbers.map((b) => b.number))} and embed_origin = ${HOST}`;
    expect(counted).toHaveLength(1);
    // An id no cart was redeemed with counts for nothing.
    await recordBookingOrigin(db.sql, numbers[0]!.number, '00000000-0000-4000-8000-000000000000');
    const [{ hosted }] = await db.sql<{ hosted: number }[]>`select count(*)::int as hosted from bookings where embed_origin is not null` as unknown as [{ hosted: number }];
    expect(hosted).toBe(2);
  });

  it('refuses a changed, foreign or expired token, and records nothing for it', async () => {
    const { issueCartToken } = await import('../../src/lib/embed/index.server');
    const secret = process.env.HUMAN_CHECK_SECRET!;
    const old = await issueCartToken(db.sql, secret, HOST, cart, 'http://localhost', new Date(Date.now() - 31 * 60_000));
    const expired = await call(handlers['embed-cart']!, 'POST', '/api/embed/cart', { token: new URL(old.checkoutUrl).searchParams.get('cart') });
    expect(expired.body.error.fields.token).toMatch(/expired/);
    const foreign = await issueCartToken(db.sql, `${secret}-other-site`, HOST, cart, 'http://localhost', new Date());
    const forged = await call(handlers['embed-cart']!, 'POST', '/api/embed/cart', { token: new URL(foreign.checkoutUrl).searchParams.get('cart') });
    expect(forged.body.error.fields.token).toMatch(/not one of ours/);
    const [{ count }] = await db.sql<{ count: number }[]>`select count(*)::int as count from embed_cart_redemptions` as unknown as [{ count: number }];
    expect(count).toBe(2); // the two redeemed above
  });
});

describe('the booking widget on a Spanish page', () => {
  const es = (path: string) => `${path}${path.includes('?') ? '&' : '?'}lang=es`;

  it('reads its products in Spanish: names, prices and the Spanish product page', async () => {
    const config = await call(handlers['embed-config']!, 'GET', '/api/embed/config', undefined, from(HOST));
    expect(config.body.spanish).toBe(true);
    const one = await call(handlers['embed-products']!, 'GET', es('/api/embed/products?product=pink-castle-bounce-house'), undefined, from(HOST));
    expect(one.body.products).toEqual([
      expect.objectContaining({
        name: 'Brincolín Castillo Rosa',
        url: 'http://localhost/es/products/pink-castle-bounce-house',
        fromLabel: expect.stringMatching(/^Desde \$\d/),
        imageAlt: 'Brincolín inflable rosa en forma de castillo con cuatro torres, ventanas de malla y una entrada en arco',
      }),
    ]);
    // A photo with no Spanish description is described in English, as the Spanish pages do.
    await db.sql`update product_photos set alt_es = null where product_id = (select id from products where slug = 'pink-castle-bounce-house')`;
    try {
      const english = await call(handlers['embed-products']!, 'GET', es('/api/embed/products?product=pink-castle-bounce-house'), undefined, from(HOST));
      expect(english.body.products[0].imageAlt).toMatch(/^Pink inflatable castle bounce house/);
    } finally {
      await db.sql`update product_photos set alt_es = 'Brincolín inflable rosa en forma de castillo con cuatro torres, ventanas de malla y una entrada en arco'
        where product_id = (select id from products where slug = 'pink-castle-bounce-house')`;
    }
    const missing = await call(handlers['embed-products']!, 'GET', es('/api/embed/products?product=no-such-thing'), undefined, from(HOST));
    expect(missing.body.error.fields).toEqual({ product: 'No tenemos ningún producto con ese nombre' });
  });

  it('says in Spanish why a date is not free, with the product’s Spanish name in the date search', async () => {
    const tomorrowish = await call(handlers.availability!, 'GET', es(`/api/availability?product=pink-castle-bounce-house&date=${futureDate(0)}&start=10:00&end=16:00`), undefined, from(HOST));
    expect(tomorrowish.status).toBe(200);
    expect(tomorrowish.body.reason.message).toMatch(/^(Necesitamos al menos \d+ horas? de aviso|Esa hora ya pasó)/);
    const all = await call(handlers.availability!, 'GET', es(`/api/availability?date=${futureDate(45)}&start=10:00&end=16:00`), undefined, from(HOST));
    expect(all.body.products.map((p: { name: string }) => p.name)).toContain('Brincolín Castillo Rosa');
  });

  it('checks out on the Spanish site, whose cart has both names of each rental (the page shows its own)', async () => {
    const issued = await call(handlers['embed-cart-token']!, 'POST', es('/api/embed/cart-token'), cart, from(HOST));
    const checkout = new URL(issued.body.checkoutUrl);
    expect(checkout.pathname).toBe('/es/checkout');
    const landed = await call(handlers['embed-cart']!, 'POST', '/api/embed/cart', { token: checkout.searchParams.get('cart') }, { 'x-page-language': 'es' });
    expect(landed.body.cart.items[0]).toMatchObject({ product: 'sticky-wall', name: 'Sticky Wall', nameEs: 'Muro Pegajoso' });
  });

  it('speaks English where the business does not offer Spanish', async () => {
    await db.sql`update business_settings set offer_spanish = false`;
    try {
      const config = await call(handlers['embed-config']!, 'GET', '/api/embed/config', undefined, from(HOST));
      expect(config.body.spanish).toBe(false);
      const one = await call(handlers['embed-products']!, 'GET', es('/api/embed/products?product=pink-castle-bounce-house'), undefined, from(HOST));
      expect(one.body.products[0]).toMatchObject({ name: 'Pink Castle Bounce House', url: 'http://localhost/products/pink-castle-bounce-house', imageAlt: expect.stringMatching(/^Pink inflatable castle/) });
      const issued = await call(handlers['embed-cart-token']!, 'POST', es('/api/embed/cart-token'), cart, from(HOST));
      expect(new URL(issued.body.checkoutUrl).pathname).toBe('/checkout');
    } finally {
      await db.sql`update business_settings set offer_spanish = true`;
    }
  });
});

describe('the booking widget on a site not listed', () => {
  it('is refused by every read before it runs, with nothing the page could read', async () => {
    const redeemed = async () => (await db.sql<{ count: number }[]>`select count(*)::int as count from embed_cart_redemptions`)[0]!.count;
    const before = await redeemed();
    for (const [name, method, url, body] of [
      ['embed-products', 'GET', '/api/embed/products?product=sticky-wall', undefined],
      ['embed-cart-token', 'POST', '/api/embed/cart-token', cart],
      ['availability', 'GET', `/api/availability?date=${futureDate(44)}&start=11:00&end=17:00`, undefined],
    ] as const) {
      const refused = await call(handlers[name]!, method, url, body, from(STRANGER));
      expect(refused.status, name).toBe(403);
      expect(refused.headers.get('access-control-allow-origin'), name).toBeNull();
    }
    expect(await redeemed()).toBe(before);
  });

  it('keeps the site’s own pages working as before', async () => {
    const own = await call(handlers.availability!, 'GET', `/api/availability?date=${futureDate(44)}&start=11:00&end=17:00`, undefined, from('http://localhost'));
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBeNull();
  });
});
