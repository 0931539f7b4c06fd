import { describe, it, expect } from 'vitest';
import { priceRequest } from './price-input';

const valid = {
  items: [
    { product: 'castle-bounce-house', quantity: 1 },
    { product: 'folding-chair', quantity: 20 },
  ],
  event: { date: '2026-07-11', start: '10:00', end: '18:00' },
  zip: '78701',
};

function messages(input: unknown): string[] {
  const result = priceRequest.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('priceRequest', () => {
  it('accepts a normal request and includes the damage waiver unless declined', () => {
    const parsed = priceRequest.parse(valid);
    expect(parsed.damageWaiver).toBe(true);
    expect(parsed.coupon).toBeUndefined();
    expect(priceRequest.parse({ ...valid, damageWaiver: false }).damageWaiver).toBe(false);
  });

  it('silently drops fields the browser has no business sending, such as a total', () => {
    const parsed = priceRequest.parse({
      ...valid,
      total: 1,
      totalCents: 1,
      items: [{ product: 'castle-bounce-house', quantity: 1, unitPriceCents: 1 }],
      event: { ...valid.event, price: 0 },
    });
    expect(parsed).not.toHaveProperty('total');
    expect(parsed).not.toHaveProperty('totalCents');
    expect(parsed.items[0]).toEqual({ product: 'castle-bounce-house', quantity: 1 });
    expect(parsed.event).not.toHaveProperty('price');
  });

  it('rejects the same product twice', () => {
    const result = priceRequest.safeParse({
      ...valid,
      items: [
        { product: 'castle-bounce-house', quantity: 1 },
        { product: 'castle-bounce-house', quantity: 2 },
      ],
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['items.1.product', 'Each product can appear only once'],
    ]);
  });

  it('limits quantities to whole numbers from 1 to 20', () => {
    const withQuantity = (quantity: unknown) => ({ ...valid, items: [{ product: 'folding-chair', quantity }] });
    expect(messages(withQuantity(20))).toEqual([]);
    expect(messages(withQuantity(0))).toEqual(['Choose a quantity from 1 to 20']);
    expect(messages(withQuantity(21))).toEqual(['Choose a quantity from 1 to 20']);
    expect(messages(withQuantity(1.5))).toEqual(['Choose a quantity from 1 to 20']);
    expect(messages(withQuantity('2'))).toEqual(['Choose a quantity from 1 to 20']);
  });

  it('needs between 1 and 20 products', () => {
    expect(messages({ ...valid, items: [] })).toEqual(['Choose at least one product']);
    const many = Array.from({ length: 21 }, (_, i) => ({ product: `item-${i}`, quantity: 1 }));
    expect(messages({ ...valid, items: many })).toEqual(['A booking can have at most 20 products']);
  });

  it('asks for a 5-digit ZIP code', () => {
    expect(messages({ ...valid, zip: '7870' })).toEqual(['Enter a 5-digit ZIP code']);
    expect(messages({ ...valid, zip: '78701-1234' })).toEqual(['Enter a 5-digit ZIP code']);
    expect(messages({ ...valid, zip: undefined })).toEqual(['Enter a 5-digit ZIP code']);
    expect(priceRequest.parse({ ...valid, zip: ' 78701 ' }).zip).toBe('78701');
  });

  it('normalises coupon codes and treats an empty box as no coupon', () => {
    expect(priceRequest.parse({ ...valid, coupon: '  summer-10 ' }).coupon).toBe('SUMMER-10');
    expect(priceRequest.parse({ ...valid, coupon: '   ' }).coupon).toBeUndefined();
    expect(priceRequest.safeParse({ ...valid, coupon: 'AB' }).success).toBe(false);
    expect(priceRequest.safeParse({ ...valid, coupon: 'SAVE 10' }).success).toBe(false);
    expect(priceRequest.safeParse({ ...valid, coupon: 'X'.repeat(33) }).success).toBe(false);
  });

  it('validates the event window with customer-friendly messages', () => {
    expect(messages({ ...valid, event: { date: '', start: '10:00', end: '18:00' } })).toEqual(['Choose a date']);
    expect(messages({ ...valid, event: { date: '2026-07-11', start: '18:00', end: '10:00' } })).toEqual([
      'The end time must be after the start time',
    ]);
    // The day after 9999-12-31 is no date Postgres takes: refused here, not a 500 from the query.
    expect(messages({ ...valid, event: { date: '9999-12-31', start: '11:00', end: '17:00' } })).toEqual(['Choose a date between 1900 and 2999']);
  });
});
