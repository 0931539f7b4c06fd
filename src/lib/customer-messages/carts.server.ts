import { createHash } from 'node:crypto';
import { writeSiteAudit } from '../auth/index.server';
import { newLinkToken, publicQuotePrice, type PriceQuote } from '../booking/index.server';
import { customerFormats } from '../booking';
import type { Locale } from '../i18n';
import type { BusinessSettings } from '../business';
import { getSettings, SettingsMissingError } from '../business/index.server';
import { env } from '../config';
import type { Database, Sql } from '../db/index.server';
import { AppError } from '../http';
import { sameSecret } from '../http/index.server';
import type { PriceRequest } from '../pricing';
import { formatDayMonth, localDate } from '../time';
import { deliverToCustomer, mailPreferences } from './deliver.server';
import type { CartCapture } from './message-inputs';
import { cartReminderMessage } from './message-emails';
import { CART_REMINDER_LATEST_MS, cartReminderDecision } from './message-rules';

/** What identifies "the same cart": its products and quantities, dates and ZIP (not the coupon or the waiver choice). */
export function cartDigest(cart: PriceRequest): string {
  const items = [...cart.items]
    .sort((a, b) => a.product.localeCompare(b.product))
    .map((i) => `${i.product}×${i.quantity}`);
  return createHash('sha256')
    .update(JSON.stringify([items, cart.event, cart.zip]))
    .digest('hex');
}

/**
 * Checkout's capture: the address and a cart that prices (the same request checkout prices, so a made-up
 * cart is refused with its field). One row per address and cart: typing the address again only moves
 * the hour on while no reminder has gone; a reminded or cancelled cart stays as it is (one reminder ever).
 * Nothing is sent from here, and the answer is the same whatever is stored, so it tells nothing about
 * an address.
 */
export async function captureCart(
  db: Database,
  input: CartCapture,
  now: Date,
  clientKey: string,
): Promise<{ saved: true }> {
  const settings = await getSettings(db);
  if (!settings.cartReminderEnabled) return { saved: true };
  // Priced as checkout prices it: unknown products, a ZIP outside the area or a bad window are refused here.
  await publicQuotePrice(db, input.cart, now, clientKey);
  await db`
    insert into saved_carts (key, email, digest, cart, captured_at, language)
    values (${newLinkToken()}, ${input.email}, ${cartDigest(input.cart)}, ${db.json(input.cart as never)}, ${now}, ${input.language})
    on conflict (lower(email), digest) do update set captured_at = excluded.captured_at, cart = excluded.cart, language = excluded.language
      where saved_carts.reminded_at is null and saved_carts.cancelled_at is null`;
  return { saved: true };
}

/** The link back to a saved cart: the cart as captured, priced again by the normal pricing (today's prices and availability). */
export async function restoreCart(
  sql: Sql,
  key: string,
  now: Date,
  clientKey: string,
): Promise<{ cart: PriceRequest; quote: PriceQuote }> {
  const [row] = await sql<{ key: string; cart: PriceRequest }[]>`select key, cart from saved_carts where key = ${key}`;
  if (!row || !sameSecret(row.key, key))
    throw new AppError('not_found', 'We couldn’t find that cart. The link may have a typo, or the cart may be gone.');
  return { cart: row.cart, quote: await publicQuotePrice(sql, row.cart, now, clientKey) };
}

interface CartRow {
  id: string;
  language: Locale;
  key: string;
  email: string;
  cart: PriceRequest;
  captured_at: Date;
  reminded_at: Date | null;
  cancelled_at: Date | null;
  booked_since: boolean;
  suppressed: boolean;
}

const cartRows = (sql: Sql, now: Date, only?: string) => sql<CartRow[]>`
  select c.id, c.key, c.email, c.cart, c.language, c.captured_at, c.reminded_at, c.cancelled_at,
    exists (select 1 from bookings b where lower(b.contact_email) = lower(c.email) and b.created_at >= c.captured_at - interval '1 hour') as booked_since,
    exists (select 1 from customer_mail_preferences p where p.address = lower(c.email) and p.suppressed_at is not null) as suppressed
  from saved_carts c
  where ${only ? sql`c.id = ${only}` : sql`c.reminded_at is null and c.cancelled_at is null and c.captured_at > ${new Date(now.getTime() - CART_REMINDER_LATEST_MS - 86_400_000)}`}
  order by c.captured_at
  ${only ? sql`for update of c` : sql``}`;

/**
 * Housekeeping: every saved cart whose hour has passed with no booking by its address gets its one
 * reminder; a booking since (from an hour before the capture: the customer may have booked in another
 * tab) or a suppressed address cancels it. Each cart in its own transaction, locked, its facts read again.
 */
export async function queueDueCartReminders(
  db: Database,
  now: Date,
  siteUrl = env().SITE_URL,
): Promise<{ sent: number; cancelled: number }> {
  const settings = await getSettings(db).catch((error: unknown) => {
    if (error instanceof SettingsMissingError) return null;
    throw error;
  });
  if (!settings) return { sent: 0, cancelled: 0 };
  const tally = { sent: 0, cancelled: 0 };
  for (const candidate of await cartRows(db, now)) {
    if (decide(candidate, settings, now) === 'wait') continue;
    try {
      const outcome = await db.begin((tx) => remindOne(tx, candidate.id, settings, now, siteUrl));
      if (outcome === 'sent') tally.sent++;
      else if (outcome === 'cancelled') tally.cancelled++;
    } catch (error) {
      console.error(`Cart reminder ${candidate.id} failed; the next run retries:`, error);
    }
  }
  return tally;
}

const decide = (row: CartRow, settings: BusinessSettings, now: Date) =>
  cartReminderDecision(
    {
      capturedAt: row.captured_at,
      remindedAt: row.reminded_at,
      cancelledAt: row.cancelled_at,
      bookedSince: row.booked_since,
      suppressed: row.suppressed,
      eventDate: row.cart.event.date,
      today: localDate(now, settings.timezone),
    },
    now,
  );

async function remindOne(
  tx: Sql,
  id: string,
  settings: BusinessSettings,
  now: Date,
  siteUrl: string,
): Promise<'sent' | 'cancelled' | 'none'> {
  const [row] = await cartRows(tx, now, id);
  if (!row) return 'none';
  const decision = decide(row, settings, now);
  if (decision === 'wait' || decision === 'done') return 'none';
  const cancel = async (reason: 'booked' | 'suppressed' | 'switched_off') => {
    await tx`update saved_carts set cancelled_at = ${now}, cancel_reason = ${reason} where id = ${id}`;
    return 'cancelled' as const;
  };
  if (decision === 'booked') return cancel('booked');
  if (decision === 'suppressed') return cancel('suppressed');
  if (!settings.cartReminderEnabled) return cancel('switched_off');
  if (decision === 'too_late') {
    // Never reminded: marked so the run stops looking at it.
    await tx`update saved_carts set reminded_at = ${now} where id = ${id}`;
    return 'none';
  }
  let quote: PriceQuote | null = null;
  try {
    quote = await publicQuotePrice(tx, row.cart, now, `cart-reminder:${id}`);
  } catch (error) {
    // A product gone or an area no longer served: the reminder still links back, without a total.
    if (!(error instanceof AppError)) throw error;
  }
  const prefs = await mailPreferences(tx, row.email);
  const message = cartReminderMessage(
    settings,
    {
      to: row.email,
      cartKey: row.key,
      lines: quote
        ? quote.lines.map((l) => ({ name: l.name, quantity: l.quantity }))
        : row.cart.items.map((i) => ({ name: i.product, quantity: i.quantity })),
      date: row.language === 'es' ? customerFormats('es').dayMonth(row.cart.event.date) : formatDayMonth(row.cart.event.date),
      totalCents: quote?.bookable ? quote.totalCents : null,
      language: row.language,
    },
    { siteUrl, address: row.email, key: prefs.key },
  );
  await tx`update saved_carts set reminded_at = ${now} where id = ${id}`;
  const result = await deliverToCustomer(
    tx,
    { savedCartId: id, email: row.email, kind: 'cart_reminder', dedupeKey: `cart_reminder:${id}`, ...message },
    now,
  );
  if (result.outcome === 'queued') {
    await writeSiteAudit(
      tx,
      { action: 'saved_cart.reminder', entity: 'saved_cart', entityId: id, after: result.sent },
      now,
    );
    return 'sent';
  }
  return 'none';
}
