import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEmbedVia, saveEmbedVia } from '../cart/embed-via';
import { saveBookingSummary, type BookingSummary } from './booking-summary';
import { hostSiteReturnFor } from './host-site-return';

/** One tab's sessionStorage. */
class TabStorage {
  readonly values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
  removeItem = (key: string) => void this.values.delete(key);
}

const via = { id: '3f2c1a4e-8d7b-4c6a-9e5f-0a1b2c3d4e5f', origin: 'https://www.example.com', thankYouUrl: 'https://www.example.com/thanks' };

/** What the checkout leaves for the booking's page once the booking is placed, at that moment. */
const placed = (bookingNumber: string, savedAt: string) =>
  saveBookingSummary({
    bookingNumber,
    status: 'pending_payment',
    totals: { totalCents: 30_000, depositCents: 7_500, amountPaidCents: 0, amountDueCents: 30_000, balanceDueOn: null },
    items: [{ name: 'Pink Castle Bounce House', quantity: 1 }],
    event: { date: '2027-06-05', start: '10:00', end: '16:00' },
    location: '9 Host Ln, Round Rock, TX 78664',
    savedAt,
  } satisfies BookingSummary);

beforeEach(() => {
  const storage = new TabStorage();
  vi.stubGlobal('sessionStorage', storage);
  vi.stubGlobal('window', { sessionStorage: storage });
});
afterEach(() => void vi.unstubAllGlobals());

describe('the way back to the host site', () => {
  it('leads back from the booking the widget’s cart was placed with, again when its page is opened again', () => {
    saveEmbedVia({ ...via, landedAt: '2026-12-07T03:00:00.000Z' });
    placed('B-1001', '2026-12-07T03:04:00.000Z');
    expect(hostSiteReturnFor('B-1001')).toBe(via.thankYouUrl);
    expect(hostSiteReturnFor('B-1001')).toBe(via.thankYouUrl);
  });

  it('is gone for a later direct booking in the same tab, and the checkout no longer names the widget’s cart', () => {
    saveEmbedVia({ ...via, landedAt: '2026-12-07T03:00:00.000Z' });
    placed('B-1001', '2026-12-07T03:04:00.000Z');
    expect(hostSiteReturnFor('B-1001')).toBe(via.thankYouUrl);
    // What the checkout sends with the next booking (use-checkout.ts reads loadEmbedVia).
    expect(loadEmbedVia()).toBeNull();
    placed('B-1002', '2026-12-07T03:30:00.000Z');
    expect(hostSiteReturnFor('B-1002')).toBeNull();
    // The widget's booking still leads back.
    expect(hostSiteReturnFor('B-1001')).toBe(via.thankYouUrl);
  });

  it('is not offered on a booking the widget’s cart did not come with: one of another tab, or placed here before it arrived', () => {
    saveEmbedVia({ ...via, landedAt: '2026-12-07T03:00:00.000Z' });
    expect(hostSiteReturnFor('B-0999')).toBeNull();
    placed('B-0998', '2026-12-07T02:50:00.000Z');
    expect(hostSiteReturnFor('B-0998')).toBeNull();
    // Still waiting for its own booking.
    expect(loadEmbedVia()).toMatchObject({ id: via.id });
  });

  it('leads back from the next widget journey’s booking in the same tab', () => {
    saveEmbedVia({ ...via, landedAt: '2026-12-07T03:00:00.000Z' });
    placed('B-1001', '2026-12-07T03:04:00.000Z');
    hostSiteReturnFor('B-1001');
    const other = { ...via, id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', thankYouUrl: 'https://www.example.com/thanks-again', landedAt: '2026-12-07T04:00:00.000Z' };
    saveEmbedVia(other);
    placed('B-1003', '2026-12-07T04:05:00.000Z');
    expect(hostSiteReturnFor('B-1003')).toBe(other.thankYouUrl);
    expect(hostSiteReturnFor('B-1001')).toBeNull();
  });
});
