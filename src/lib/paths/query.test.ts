import { describe, expect, it } from 'vitest';
import { adminApi, adminPaths, publicApi, trackOrderPath } from '.';
import { withSearch } from './query';

describe('withSearch: one query helper for pages and the API', () => {
  it('writes named values as the e-mails and older links carry them, leaving out missing and empty ones', () => {
    expect(withSearch('/support', { booking: 'PF-1', subject: 'a b&c' })).toBe('/support?booking=PF-1&subject=a%20b%26c');
    expect(withSearch('/track-order', { booking: undefined, email: '' })).toBe('/track-order');
    expect(trackOrderPath('')).toBe('/track-order');
  });

  it('takes a query already written, with or without "?", and adds no dangling "?"', () => {
    expect(withSearch('/api/prices', '?products=a,b')).toBe('/api/prices?products=a,b');
    expect(withSearch('/api/prices', new URLSearchParams({ q: 'x y' }))).toBe('/api/prices?q=x+y');
    expect(withSearch('/api/prices', '')).toBe('/api/prices');
    expect(withSearch('/api/prices')).toBe('/api/prices');
  });

  it('builds the API and page addresses through the same rule', () => {
    expect(adminApi.bookingDesk.customers('Jo Smith')).toBe('/api/admin/booking-desk/customers?q=Jo%20Smith');
    expect(publicApi.waiverPdf('w1', 'tok_-1')).toBe('/api/waivers/w1/pdf?token=tok_-1');
    expect(adminPaths.login(adminPaths.content)).toBe('/admin/login?next=%2Fadmin%2Fcontent');
  });
});
