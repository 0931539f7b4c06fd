import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
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
  { name, product, email = `${name.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 8)}@example.com` }: { name: string; product: string; email?: string },
): Promise<{ number: string; email: string; paymentUrl: string | null }> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const response = await request.post('/api/bookings', await humanChecked({
      data: {
        items: [{ product, quantity: 1 }],
        event: { date: dateFromToday(60 + Math.floor(Math.random() * 240)), start: '11:00', end: '16:00' },
        customer: { name, email, phone: '(512) 555-0166' },
        address: { line1: '1401 S Mays St', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
        acceptTerms: true,
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
