import { newReference } from '../reference/index.server';
import { storedPhone } from '../texts';
import { sendQueuedMail, queueEmail, claimAcknowledgement } from '../email/index.server';
import { env } from '../config';
import type { Database } from '../db/index.server';
import type { CakeOrderCreated, CakeOrderRequest } from './cake-order-form';
import { orNull } from '../forms';
import { cakeBusinessEmail, cakeCustomerEmail, type CakeOrderSummary } from './cake-order-emails';
import { businessInbox, customerIdFor, insertWithReference } from '../forms/index.server';
import { AppError, fieldError } from '../http';
import { getSettings } from '../business/index.server';
import { fileStorage } from '../storage/index.server';
import { checkCakeDate, partyTooSoonForCake } from './cake-dates';
import { priceCake } from './cake-pricing';
import { checkReferencePhoto, photoExtension, type PhotoType } from './reference-photo';
import { cakeBase } from '../catalog';
import { findOwnBooking } from '../tracking/index.server';

export const CAKE_PHOTO_NOT_SAVED =
  'We can’t save your reference photo right now, so your order was not sent. Please try again in a minute, or send the order without the photo.';
const BOOKING_NOT_FOUND = 'We couldn’t find a rental booking with that number and e-mail address. Check both, or choose pickup.';

interface StoredOrder {
  number: string;
  price_cents: number;
  price_lines: { label: string; amountCents: number }[];
  fulfilment: 'pickup' | 'delivery';
  needed_on: string;
  booking_number: string | null;
}

const answer = (o: StoredOrder): CakeOrderCreated => ({
  orderNumber: o.number,
  priceCents: o.price_cents,
  priceLines: o.price_lines,
  fulfilment: o.fulfilment,
  neededOn: o.needed_on,
  bookingNumber: o.booking_number,
});

async function storedOrder(sql: Database, submissionId: string): Promise<StoredOrder | undefined> {
  const [row] = await sql<StoredOrder[]>`
    select o.number, o.price_cents, o.price_lines, o.fulfilment, o.needed_on::text, b.number as booking_number
    from cake_orders o left join bookings b on b.id = o.booking_id where o.submission_id = ${submissionId}`;
  return row;
}

/** What a bot that filled the honeypot is told: a believable answer, nothing stored. */
export const spamCakeAnswer = (): CakeOrderCreated => ({
  orderNumber: newReference('CK'),
  priceCents: 0,
  priceLines: [],
  fulfilment: 'pickup',
  neededOn: '',
  bookingNumber: null,
});

/**
 * POST /api/cake-orders: priced here (never by the browser), dated against the lead time from
 * settings, delivered only with a rental booking the customer proves is theirs. The optional photo
 * goes to file storage first; the order and its two e-mails are stored in one transaction, then sent.
 */
export async function createCakeOrder(sql: Database, input: CakeOrderRequest, photo: Uint8Array | null, now: Date, language: 'en' | 'es' = 'en'): Promise<{ created: CakeOrderCreated; replay: boolean }> {
  const previous = await storedOrder(sql, input.submissionId);
  if (previous) return { created: answer(previous), replay: true };

  const [product] = await sql<{ id: string; slug: string; name: string; name_es: string | null; base_price_cents: number; kind: string; cake_base_servings: number | null; cake_base_tiers: number | null; cake_max_tiers: number | null }[]>`
    select p.id, p.slug, p.name, nullif(p.name_es, '') as name_es, p.base_price_cents, c.kind, p.cake_base_servings, p.cake_base_tiers, p.cake_max_tiers
    from products p join categories c on c.id = p.category_id where p.slug = ${input.product} and p.active`;
  if (!product || product.kind !== 'cake') throw fieldError('product', 'We don’t bake this cake any more. Please choose another one.');

  const price = priceCake({
    base: cakeBase({ cakeBaseServings: product.cake_base_servings, cakeBaseTiers: product.cake_base_tiers, cakeMaxTiers: product.cake_max_tiers }),
    basePriceCents: product.base_price_cents,
    servings: input.servings,
    tiers: input.tiers,
    filling: input.filling,
    frosting: input.frosting,
  });
  if (!price.ok) throw fieldError(price.field, price.message);

  let photoType: PhotoType | null = null;
  if (photo) {
    const check = checkReferencePhoto(photo);
    if (!check.ok) throw fieldError('referencePhoto', check.message);
    photoType = check.type;
  }

  const settings = await getSettings(sql);
  let neededOn: string;
  let bookingId: string | null = null;
  let bookingNumber: string | null = null;
  if (input.fulfilment === 'pickup') {
    neededOn = input.neededOn!;
    const date = checkCakeDate(neededOn, now, settings.timezone, settings.cakeLeadTimeDays, settings.maxDaysAhead, language);
    if (!date.ok) throw fieldError('neededOn', date.message);
  } else {
    const booking = await findOwnBooking(sql, { bookingNumber: input.bookingNumber!, email: input.bookingEmail! }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'not_found') throw fieldError('bookingNumber', BOOKING_NOT_FOUND);
      throw error;
    });
    if (booking.status === 'cancelled' || booking.status === 'expired' || booking.status === 'completed') {
      throw fieldError('bookingNumber', 'That booking is no longer active. Choose pickup, or call us.');
    }
    neededOn = booking.event.date;
    const date = checkCakeDate(neededOn, now, settings.timezone, settings.cakeLeadTimeDays, settings.maxDaysAhead, language);
    if (!date.ok) throw fieldError('bookingNumber', partyTooSoonForCake(neededOn, settings.cakeLeadTimeDays, language));
    bookingId = booking.id;
    bookingNumber = booking.number;
  }

  // Stored before the order points at it. If storage fails nothing is stored and the customer hears so
  // (503): they choose between trying again and ordering without the photo, and no order points at a
  // file that is not there.
  let photoPath: string | null = null;
  if (photo && photoType) {
    const path = `cake-orders/${input.submissionId}/reference.${photoExtension(photoType)}`;
    await fileStorage()
      .put(path, photo, photoType)
      .catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'unavailable' ? new AppError('unavailable', CAKE_PHOTO_NOT_SAVED) : error;
      });
    photoPath = path;
  }

  const customerId = await customerIdFor(sql, input.email);
  const messageOnCake = orNull(input.messageOnCake);
  const allergies = input.allergies?.trim() ?? '';
  // The contact and the cake as the customer chose them: stored (the columns share the names) and summarised alike.
  const asTyped = {
    name: input.name,
    email: input.email,
    phone: storedPhone(input.phone), // one shape however it was typed, as bookings' contacts are
    servings: input.servings,
    tiers: input.tiers,
    flavour: input.flavour,
    filling: input.filling,
    frosting: input.frosting,
  };
  const order = await sql.begin(async (tx) => {
    const row = await insertWithReference(tx, 'cake_orders', input.submissionId, 'CK', (reference) => tx<StoredOrder[]>`
      insert into cake_orders ${tx({
        number: reference,
        submission_id: input.submissionId,
        product_id: product.id,
        customer_id: customerId,
        ...asTyped,
        message_on_cake: messageOnCake,
        allergies,
        fulfilment: input.fulfilment,
        booking_id: bookingId,
        needed_on: neededOn,
        reference_photo_path: photoPath,
        reference_photo_type: photoPath ? photoType : null,
        price_cents: price.totalCents,
        price_lines: tx.json(price.lines as never),
        language,
        created_at: now,
        updated_at: now,
      })}
      on conflict do nothing
      returning number, price_cents, price_lines, fulfilment, needed_on::text, ${bookingNumber}::text as booking_number`);
    if (!row) return null;
    const summary: CakeOrderSummary = {
      number: row.number,
      productName: product.name,
      ...asTyped,
      messageOnCake,
      allergies,
      fulfilment: input.fulfilment,
      neededOn,
      bookingNumber,
      priceCents: price.totalCents,
      priceLines: price.lines,
      hasPhoto: photoPath !== null,
      language,
    };
    // The customer's acknowledgement names the cake as their page did; the baker's notice by the name staff know.
    const customerSees = { ...summary, productName: (language === 'es' && product.name_es) || product.name };
    if (await claimAcknowledgement(tx, settings, now)) await queueEmail(tx, 'cake-customer', cakeCustomerEmail(customerSees, settings), now);
    await queueEmail(tx, 'cake-business', cakeBusinessEmail(summary, settings, env().SITE_URL, businessInbox(settings.email)), now);
    return row;
  });
  if (!order) {
    const first = await storedOrder(sql, input.submissionId);
    return { created: answer(first!), replay: true };
  }
  await sendQueuedMail(sql, now);
  return { created: answer(order), replay: false };
}
