import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookEmbedVia, loadEmbedVia, saveEmbedVia } from '../cart/embed-via';
import { hostSiteReturnFor } from './host-site-return';

/** One tab's sessionStorage. */
class TabStorage {
  readonly values = new Map<string, string>();
  getItem = (key: string) => this.values.get(key) ?? null;
  setItem = (key: string, value: string) => void this.values.set(key, value);
  removeItem = (key: string) => void this.values.delete(key);
}

const via = { id: '3f2c1a4e-8d7b-4c6a-9e5f-0a1b2c3d4e5f', origin: 'https://www.example.com', thankYouUrl: 'https://www.example.com/thanks' };

/** What the checkout does as it places a booking: names the widget's cart when this tab has one, and hands it over. */
const place = (bookingNumber: string) => {
  const named = loadEmbedVia();
  if (named) bookEmbedVia(named, bookingNumber);
  return named?.id ?? null;
};

beforeEach(() => void vi.stubGlobal('sessionStorage', new TabStorage()));
afterEach(() => void vi.unstubAllGlobals());

describe('the way back to the host site', () => {
  it('leads back from the booking the widget’s cart was placed with, again when its page is opened again', () => {
    saveEmbedVia(via);
    expect(place('B-1001')).toBe(via.id);
    expect(hostSiteReturnFor('B-1001')).toBe(via.thankYouUrl);
    expect(hostSiteReturnFor('B-1001')).toBe(via.thankYouUrl);
  });

  it('is gone for a later direct booking in the same tab, also when the widget’s booking was never paid nor its page opened', () => {
    saveEmbedVia(via);
    // Placed, then left at the payment page: no page of it was ever shown in this tab.
    place('B-1001');
    expect(place('B-1002')).toBeNull();
    expect(hostSiteReturnFor('B-1002')).toBeNull();
    // The widget's booking still leads back, paid later.
    expect(hostSiteReturnFor('B-1001')).toBe(via.thankYouUrl);
  });

  it('is not offered on a booking the widget’s cart did not come with: one of another tab, or placed here before it arrived', () => {
    expect(place('B-0998')).toBeNull();
    saveEmbedVia(via);
    expect(hostSiteReturnFor('B-0998')).toBeNull();
    expect(hostSiteReturnFor('B-0999')).toBeNull();
    // Still waiting for its own booking.
    expect(loadEmbedVia()).toMatchObject({ id: via.id });
  });

  it('leads back from the next widget journey’s booking in the same tab', () => {
    saveEmbedVia(via);
    place('B-1001');
    const other = { ...via, id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', thankYouUrl: 'https://www.example.com/thanks-again' };
    saveEmbedVia(other);
    expect(place('B-1003')).toBe(other.id);
    expect(hostSiteReturnFor('B-1003')).toBe(other.thankYouUrl);
    expect(hostSiteReturnFor('B-1001')).toBeNull();
  });
});
