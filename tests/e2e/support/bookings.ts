import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2ePort } from '../../support/e2e-env';
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
function businessDate(days: number): string {
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
  { name, product, from = 60, phone = '(512) 555-0188', line1 = '7 Weak Signal Way', email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 8)}@example.com`, status = 'confirmed' }: { name: string; product: string; from?: number; phone?: string; line1?: string; email?: string; status?: 'confirmed' | 'deposit_due' },
): Promise<{ id: string; number: string; email: string; date: string }> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const date = dateFromToday(from + Math.floor(Math.random() * 60));
    const response = await request.post('/api/admin/bookings', {
      headers: { origin: `http://localhost:${e2ePort}` },
      data: {
        items: [{ product, quantity: 1 }],
        event: { date, start: '11:00', end: '16:00' },
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

/**
 * Opens the tracking page for `number` and looks it up with `contact`. The page's island fills the
 * number from the address once React has hydrated it; a click before that would submit the bare form
 * and reload the page, so the number in the field is the sign that the page is ready.
 */
export async function lookUpBooking(page: Page, number: string, contact: string): Promise<void> {
  await page.goto(`/track-order?booking=${number}`);
  await expect(page.getByLabel('Booking number')).toHaveValue(number);
  await page.getByLabel('E-mail or phone number').fill(contact);
  await page.getByRole('button', { name: 'Find my booking' }).click();
}
