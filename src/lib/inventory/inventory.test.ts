import { describe, expect, it } from 'vitest';
import { formatRatio, inventoryQuery, periodQuery, unitChange } from './inventory';

describe('periodQuery', () => {
  it('takes both ends or neither, in order, and refuses impossible dates without throwing', () => {
    expect(periodQuery.safeParse({}).success).toBe(true);
    expect(periodQuery.safeParse({ from: '2026-02-01', to: '2026-03-02' }).success).toBe(true);
    expect(periodQuery.safeParse({ from: '2026-02-30', to: '2026-03-02' }).success).toBe(false);
    expect(periodQuery.safeParse({ from: '2026-02-01' }).success).toBe(false);
    expect(periodQuery.safeParse({ from: '2026-03-02', to: '2026-02-01' }).success).toBe(false);
    expect(periodQuery.safeParse({ from: '2025-01-01', to: '2026-03-02' }).success).toBe(false);
  });
});

describe('inventoryQuery', () => {
  it('allows only known sorts and statuses', () => {
    expect(inventoryQuery.parse({ status: 'maintenance', sort: 'utilisation' })).toMatchObject({ status: 'maintenance', sort: 'utilisation', page: 1 });
    expect(inventoryQuery.safeParse({ sort: 'price' }).success).toBe(false);
    expect(inventoryQuery.safeParse({ status: 'lost' }).success).toBe(false);
  });
});

describe('unitChange', () => {
  it('needs at least one field', () => {
    expect(unitChange.safeParse({}).success).toBe(false);
    expect(unitChange.parse({ notes: 'Patched seam' })).toEqual({ notes: 'Patched seam' });
  });
});

describe('formatRatio', () => {
  it('rounds to a whole percent and shows a dash without rentable days', () => {
    expect(formatRatio(0.4567)).toBe('46 %');
    expect(formatRatio(null)).toBe('—');
    expect(formatRatio(0.001)).toBe('<1 %');
    expect(formatRatio(0)).toBe('0 %');
  });
});
