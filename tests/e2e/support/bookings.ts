import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2ePort } from '../../support/e2e-env';
import { addDays } from '../../../src/lib/time';
import { e2eDatabase } from './e2e-database';
import { humanChecked } from './human-check';

/** A local date `days` from today, 'YYYY-MM-DD'. */
export function dateFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * A booking of a test's own, placed through the real API on a random day two to ten months ahead.
 * Another test may hold the unit on a given day, so a few days are tried. `paymentUrl` is the
 * deposit's Stripe Checkout page (the local double in the e2e suite); a waiver can be signed while
 * the deposit is still due, so most tests never open it.
 */
export async function placeTestBooking(
  request: APIRequestContext,
  {
    name,
    product,
    email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 8)}@example.com`,
    language,
    site,
  }: {
    name: string;
    product: string;
    email?: string;
    /** As a booking made on the Spanish pages. */
    language?: 'es';
    /** The answers about the setup spot, as checkout sends them. */
    site?: Record<string, unknown>;
  },
): Promise<{ number: string; email: string; paymentUrl: string | null }> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const response = await request.post('/api/bookings', await humanChecked({
      data: {
        items: [{ product, quantity: 1 }],
        event: { date: dateFromToday(60 + Math.floor(Math.random() * 240)), start: '11:00', end: '16:00' },
        customer: { name, email, phone: '(512) 555-0166' },
        address: { line1: '1401 S Mays St', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
        acceptTerms: true,
        ...(language ? { language } : {}),
        ...(site ? { site } : {}),
      },
    }));
    if (response.status() === 201) {
      const body = await response.json();
      return { number: body.bookingNumber, email, paymentUrl: body.payment.url };
    }
    expect([409, 400]).toContain(response.status());
  }
  throw new Error(`Could not place a booking of ${product} on any of the days tried`);
}

/** The business's date (the demo's time zone) `days` from today: the day screen's dates are the business's. */
export function businessDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A confirmed party tomorrow, taken by the owner as a phone booking (staff bookings have no lead time):
 * a waiver signed on the crew's phone today is for a party at most a day away. Units around today may
 * be taken by the demo's bookings or other specs, so a few products are tried.
 */
export async function partyTomorrow(request: APIRequestContext): Promise<{ id: string; number: string; date: string }> {
  const date = businessDate(1);
  for (const product of ['sports-arena-bounce-house', 'toddler-jungle-bounce-house', 'rainbow-arch-bounce-house', 'pink-castle-bounce-house', 'flamingo-beach-bounce-house']) {
    const response = await request.post('/api/admin/bookings', {
      headers: { origin: `http://localhost:${e2ePort}` },
      data: {
        items: [{ product, quantity: 1 }],
        event: { date, start: '14:00', end: '18:00' },
        customer: { name: 'Waiver Party Renter', email: `waiver.party.${randomUUID().slice(0, 8)}@example.com`, phone: '(512) 555-0133' },
        address: { line1: '77 Signing Sq', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
        status: 'confirmed',
        sendConfirmation: false,
      },
    });
    if (response.status() === 201) {
      const { booking } = await response.json();
      return { id: booking.id, number: booking.number, date };
    }
    expect([409, 400]).toContain(response.status());
  }
  throw new Error('Could not book a party for tomorrow');
}

/**
 * A phone booking the owner takes through the staff API (confirmed unless `status` says deposit due), on a random day `from` to `from + 60`
 * days ahead, with everything still to pay. For specs about what happens after booking: the public
 * booking limit (20 per 10 minutes per address) is shared by every spec's checkout from this machine.
 */
export async function placePhoneBooking(
  request: APIRequestContext,
  { name, product, from = 60, phone = '(512) 555-0188', line1 = '7 Weak Signal Way', email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 8)}@example.com`, status = 'confirmed', days = 1 }: { name: string; product: string; from?: number; phone?: string; line1?: string; email?: string; status?: 'confirmed' | 'deposit_due'; /** Days the rental runs (its last day is `days - 1` after its first). */ days?: number },
): Promise<{ id: string; number: string; email: string; date: string }> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const date = dateFromToday(from + Math.floor(Math.random() * 60));
    const response = await request.post('/api/admin/bookings', {
      headers: { origin: `http://localhost:${e2ePort}` },
      data: {
        items: [{ product, quantity: 1 }],
        event: { date, start: '11:00', end: '16:00', ...(days > 1 ? { endDate: addDays(date, days - 1) } : {}) },
        customer: { name, email, phone },
        address: { line1, city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
        status,
        sendConfirmation: false,
      },
    });
    if (response.status() === 201) {
      const { booking } = await response.json();
      return { id: booking.id, number: booking.number, email, date };
    }
    expect([409, 400]).toContain(response.status());
  }
  throw new Error(`Could not book ${product} by phone on any of the days tried`);
}

/**
 * Moves a booking to `date` on the business's calendar at the same wall-clock times: its event and its
 * units' set-up to tear-down, whole days in the business's zone, in one transaction. The crew's moves
 * open only on a party's day (src/lib/booking/status-days.ts) and the e2e server keeps the real time, but
 * no booking can be placed to start in the past, so a party today (refused once its hour has passed) or
 * on a past day is made this way. False when a unit is booked then already (the exclusion constraint):
 * the booking is left where it was.
 */
export async function moveBookingToDay(id: string, date: string): Promise<boolean> {
  const sql = e2eDatabase();
  try {
    await sql.begin(async (tx) => {
      const [found] = await tx<{ zone: string; days: number }[]>`
        select s.timezone as zone, (${date}::date - (b.event_start at time zone s.timezone)::date)::int as days
        from bookings b cross join business_settings s where s.id and b.id = ${id}`;
      if (!found) throw new Error(`No booking ${id}`);
      const { zone, days } = found;
      await tx`
        update bookings set
          event_start = ((event_start at time zone ${zone}) + make_interval(days => ${days}::int)) at time zone ${zone},
          event_end = ((event_end at time zone ${zone}) + make_interval(days => ${days}::int)) at time zone ${zone}
        where id = ${id}`;
      await tx`
        update unit_allocations set during = tstzrange(
          ((lower(during) at time zone ${zone}) + make_interval(days => ${days}::int)) at time zone ${zone},
          ((upper(during) at time zone ${zone}) + make_interval(days => ${days}::int)) at time zone ${zone}, '[)')
        where booking_id = ${id}`;
    });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23P01') return false;
    throw error;
  } finally {
    await sql.end();
  }
}

/**
 * A confirmed phone booking (as placePhoneBooking) whose party is today on the business's calendar,
 * 11:00 to 16:00 whatever the hour: placed far ahead, then moved to today. Units today may be taken by
 * the demo's bookings or other specs, so a few products are tried.
 */
export async function partyToday(
  request: APIRequestContext,
  booking: { name: string; product: string; line1?: string },
): Promise<{ id: string; number: string; email: string; date: string }> {
  const date = businessDate(0);
  const others = ['pink-castle-bounce-house', 'toddler-jungle-bounce-house', 'sports-arena-bounce-house', 'rainbow-arch-bounce-house'].filter((p) => p !== booking.product);
  for (const product of [booking.product, ...others]) {
    const placed = await placePhoneBooking(request, { ...booking, product, from: 300 });
    if (await moveBookingToDay(placed.id, date)) return { ...placed, date };
  }
  throw new Error('Could not move a party to today');
}

/**
 * Moves bookings together to a day of their own in the past, 300 to 360 days back (few others are
 * there): parties that have happened, whose every crew move is open. Returns the day.
 */
export async function moveBookingsToAPastDay(ids: readonly string[]): Promise<string> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const date = businessDate(-300 - Math.floor(Math.random() * 60));
    let moved = true;
    for (const id of ids) moved = moved && (await moveBookingToDay(id, date));
    if (moved) return date;
  }
  throw new Error(`Could not move bookings ${ids.join(', ')} to one past day`);
}

interface StoredCart {
  item: { product: string; name: string; fromPriceCents: number; image: string };
  event: { date: string; start: string; end: string };
  zip: string;
  damageWaiver: boolean;
}

/** A visitor's cart of one item as the site keeps it, in place before the page's own scripts run: checkout opens with it. */
export async function withCart(page: Page, { item, event, zip, damageWaiver }: StoredCart): Promise<void> {
  const cart = JSON.stringify({ items: [{ ...item, quantity: 1 }], event, zip, coupon: '', damageWaiver });
  await page.addInitScript((value) => window.localStorage.setItem('pf-cart', value), cart);
}

const trackingPage = {
  en: { path: '/track-order', number: 'Booking number', contact: 'E-mail or phone number', find: 'Find my booking' },
  es: { path: '/es/track-order', number: 'Número de reservación', contact: 'Correo electrónico o teléfono', find: 'Buscar mi reservación' },
};

/**
 * Opens the tracking page for `number` (in `language`) and looks it up with `contact`. The page's
 * island fills the number from the address once React has hydrated it; a click before that would
 * submit the bare form and reload the page, so the number in the field is the sign that the page is ready.
 */
export async function lookUpBooking(page: Page, number: string, contact: string, language: 'en' | 'es' = 'en'): Promise<void> {
  const words = trackingPage[language];
  await page.goto(`${words.path}?booking=${number}`);
  await expect(page.getByLabel(words.number)).toHaveValue(number);
  await page.getByLabel(words.contact).fill(contact);
  await page.getByRole('button', { name: words.find }).click();
}
