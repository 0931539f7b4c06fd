import { describe, expect, it } from 'vitest';
import type { BookableProduct } from './booking-context.server';
import { unitClaims } from './evaluate-cart';
import { NO_SITE_REQUIREMENTS } from '../catalog';

const product = (id: string, extra: Partial<BookableProduct> = {}): BookableProduct => ({
  id,
  slug: id,
  name: id,
  categoryId: 'c',
  active: true,
  tracksInventory: true,
  setupMinutes: 60,
  teardownMinutes: 60,
  pricingUnit: 'rental',
  basePriceCents: 10_000,
  baseHours: 6,
  halfDayPriceCents: null,
  extraDayPriceCents: null,
  packageItems: [],
  site: NO_SITE_REQUIREMENTS,
  cake: false,
  ...extra,
});

const window = { start: new Date('2030-06-01T15:00:00Z'), end: new Date('2030-06-01T21:00:00Z') };
const castle = product('b-castle');
const tables = product('c-tables', { setupMinutes: 0, teardownMinutes: 0 });
const cake = product('a-cake', { tracksInventory: false });
const party = product('d-party', { tracksInventory: false, packageItems: [{ productId: 'c-tables', quantity: 2 }, { productId: 'b-castle', quantity: 1 }] });
const products = new Map([castle, tables, cake, party].map((p) => [p.id, p]));
const units = [
  { id: 'castle-1', productId: castle.id, status: 'available' as const },
  { id: 'castle-2', productId: castle.id, status: 'maintenance' as const },
  { id: 'castle-3', productId: castle.id, status: 'available' as const },
  { id: 'tables-1', productId: tables.id, status: 'available' as const },
  { id: 'tables-2', productId: tables.id, status: 'available' as const },
];

describe('unitClaims', () => {
  it('expands packages into their items times the quantity and leaves made-to-order products out', () => {
    const claims = unitClaims([{ product: cake, quantity: 1 }, { product: party, quantity: 2 }], { products, units, allocations: [], window });
    expect(claims.map((c) => [c.lineIndex, c.product.id, c.count])).toEqual([
      [1, 'b-castle', 2],
      [1, 'c-tables', 4],
    ]);
  });

  it('orders claims by product id whatever the cart order, keeping cart order within one product', () => {
    const claims = unitClaims(
      [
        { product: tables, quantity: 1 },
        { product: party, quantity: 1 },
        { product: castle, quantity: 1 },
      ],
      { products, units, allocations: [], window },
    );
    expect(claims.map((c) => [c.product.id, c.lineIndex])).toEqual([
      ['b-castle', 1],
      ['b-castle', 2],
      ['c-tables', 0],
      ['c-tables', 1],
    ]);
  });

  it('offers only units in service and free for the window widened by the product’s buffers', () => {
    // Ends 30 minutes into the castle's 60-minute setup: busy for the castle. The tables have no
    // buffer, so an allocation ending when the party starts leaves them free.
    const allocations = [
      { unitId: 'castle-1', start: new Date('2030-06-01T10:00:00Z'), end: new Date('2030-06-01T14:30:00Z') },
      { unitId: 'tables-1', start: new Date('2030-06-01T10:00:00Z'), end: new Date('2030-06-01T15:00:00Z') },
    ];
    const claims = unitClaims([{ product: castle, quantity: 1 }, { product: tables, quantity: 1 }], { products, units, allocations, window });
    expect(claims.map((c) => c.candidates)).toEqual([['castle-3'], ['tables-1', 'tables-2']]);
  });
});
