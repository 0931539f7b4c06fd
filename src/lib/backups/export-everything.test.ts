import { describe, expect, it } from 'vitest';
import { type CsvColumn, toCsv } from '../reports';
import { BOOKING_COLUMNS, CAKE_ORDER_COLUMNS, cakePhotoEntry, CUSTOMER_COLUMNS, DAMAGE_REPORT_COLUMNS, damagePhotoEntry, exportFileName, PAYMENT_COLUMNS, type PaymentExportRow, QUOTE_COLUMNS, sitePhotoEntries, WAIVER_COLUMNS } from './export-everything';

describe('the Export everything file name', () => {
  it.each([
    ['2026-12-07T03:30:00Z', 'America/Los_Angeles', 'everything-2026-12-06.zip'],
    ['2026-12-07T03:30:00Z', 'Pacific/Auckland', 'everything-2026-12-07.zip'],
    ['2026-12-06T23:30:00Z', 'Pacific/Auckland', 'everything-2026-12-07.zip'],
  ])('at %s in %s is %s: the business’s day, not UTC’s', (at, timeZone, name) => {
    expect(exportFileName(new Date(at), timeZone)).toBe(name);
  });
});

describe('payments.csv’s amount', () => {
  const amount = (kind: string, cents: number) => {
    const row = { booking_number: 'PF-1', kind, method: 'cash', status: 'succeeded', amount_cents: cents, stripe_payment_intent_id: null, stripe_refund_id: null, recorded_by: null, note: null, created_at: new Date(0) } satisfies PaymentExportRow;
    return PAYMENT_COLUMNS.find((c) => c.header === 'Amount ($)')!.value(row);
  };
  it.each([
    ['deposit', 5000, '50.00'],
    ['balance', 12345, '123.45'],
    ['refund', 1250, '-12.50'],
  ])('of a %s of %i cents is %s: money back out is negative, so the column sums to the net', (kind, cents, shown) => {
    expect(amount(kind, cents)).toBe(shown);
  });
});

describe('the phone numbers of the export’s sheets', () => {
  const cell = <T>(columns: CsvColumn<T>[], header: string, row: Partial<T>) => toCsv(columns.filter((c) => c.header === header), [row as T]).split('\r\n')[1];
  it.each([
    ['bookings.csv', 'Contact phone', (phone: string) => cell(BOOKING_COLUMNS, 'Contact phone', { contact_phone: phone })],
    ['customers.csv', 'Phone', (phone: string) => cell(CUSTOMER_COLUMNS, 'Phone', { phone })],
    ['waivers.csv', 'Signer phone', (phone: string) => cell(WAIVER_COLUMNS, 'Signer phone', { signer_phone: phone })],
    ['cake-orders.csv', 'Phone', (phone: string) => cell(CAKE_ORDER_COLUMNS, 'Phone', { phone })],
    ['quotes.csv', 'Phone', (phone: string) => cell(QUOTE_COLUMNS, 'Phone', { phone })],
  ])('%s’s %s: a US number as staff read it, with no apostrophe before it; any other as stored', (_sheet, _header, written) => {
    expect(written('+15125550100')).toBe('(512) 555-0100');
    expect(written('+442079460958')).toBe("'+442079460958");
  });
});

describe('the customers’ photos in the export', () => {
  it('names a booking’s setup spot photos by its number, 1, 2, 3 in the order added, with the stored type', () => {
    const row = { number: 'PF-7K2M', site_photo_paths: ['site-photos/b1/aa.jpg', 'site-photos/b1/bb.png'] };
    expect(sitePhotoEntries(row)).toEqual(['setup-spot-photos/PF-7K2M/1.jpg', 'setup-spot-photos/PF-7K2M/2.png']);
    expect(BOOKING_COLUMNS.at(-1)!.header).toBe('Setup spot photos');
    expect(BOOKING_COLUMNS.at(-1)!.value(row as never)).toBe('setup-spot-photos/PF-7K2M/1.jpg; setup-spot-photos/PF-7K2M/2.png');
    expect(BOOKING_COLUMNS.at(-1)!.value({ number: 'PF-1', site_photo_paths: [] } as never)).toBe('');
  });

  it('names a cake order’s reference photo by the order’s number, and leaves the column empty without one', () => {
    expect(cakePhotoEntry('CK-4F9Q', 'cake-orders/6b1c/reference.webp')).toBe('cake-photos/CK-4F9Q.webp');
    const photo = CAKE_ORDER_COLUMNS.at(-1)!;
    expect(photo.header).toBe('Reference photo');
    expect(photo.value({ number: 'CK-4F9Q', reference_photo_path: 'cake-orders/6b1c/reference.webp' } as never)).toBe('cake-photos/CK-4F9Q.webp');
    expect(photo.value({ number: 'CK-4F9Q', reference_photo_path: null } as never)).toBe('');
  });

  it('names a damage report’s photo by the report, since a unit may have several', () => {
    expect(damagePhotoEntry({ id: 'r1', photo_path: 'damage-reports/u1/r1.webp' })).toBe('damage-photos/r1.webp');
    expect(DAMAGE_REPORT_COLUMNS.at(-1)!.value({ id: 'r1', photo_path: null } as never)).toBe('');
  });
});
