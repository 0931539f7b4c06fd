import { describe, expect, it } from 'vitest';
import type { AdminBooking } from '../../../../lib/staff-bookings/admin-booking.server';
import { changeValues } from '../booking-editor-values';
import { describeChange } from './change-preview';

const booking = {
  event: { date: '2027-01-09', endDate: '2027-01-09', start: '10:00', end: '16:00', startsAt: '', endsAt: '' },
  address: { line1: '9 Elm St', line2: null, city: 'Round Rock', state: 'TX', zip: '78664', surface: null, notes: '' },
  items: [
    {
      id: 'i1',
      product: 'bounce-house',
      name: 'Bounce House',
      quantity: 1,
      unitPriceCents: 0,
      lineTotalCents: 0,
      units: [],
    },
    { id: 'i2', product: 'table-set', name: 'Table Set', quantity: 2, unitPriceCents: 0, lineTotalCents: 0, units: [] },
  ],
  customer: { name: 'Priya Raman', firstName: 'Priya', email: 'priya@example.com', phone: '555' },
  adjustments: [],
  totals: { couponCode: null },
  damageWaiverAccepted: true,
  site: { answers: {}, override: null },
} as unknown as AdminBooking;

const names = (product: string) => ({ 'water-slide': 'Water Slide' })[product] ?? product;

describe('the change preview', () => {
  it('says nothing while nothing but money could change', () => {
    expect(describeChange(booking, changeValues(booking), names)).toEqual([]);
    const generator = { id: 'i3', product: 'generator', name: 'Generator', quantity: 1, unitPriceCents: 0, lineTotalCents: 0, units: [] };
    const powered = { ...booking, items: [...booking.items, generator], site: { ...booking.site, outletGenerators: { product: 'generator', quantity: 1 } } } as AdminBooking;
    expect(describeChange(powered, changeValues(powered), names)).toEqual([]);
  });

  it('names the new date, the new times and the items added, removed and recounted', () => {
    const values = changeValues(booking);
    const after = {
      ...values,
      date: '2027-01-16',
      start: '11:00',
      end: '17:00',
      items: [
        { product: 'table-set', quantity: '3' },
        { product: 'water-slide', quantity: '1' },
      ],
    };
    expect(describeChange(booking, after, names)).toEqual([
      'Date: Jan 9, 2027 → Jan 16, 2027',
      'Starts: 10:00 AM → 11:00 AM',
      'Ends: 4:00 PM → 5:00 PM',
      '− Bounce House',
      'Table Set: 2 → 3',
      '+ Water Slide',
    ]);
  });

  it('names a multi-day end and a new address', () => {
    const values = changeValues(booking);
    const after = { ...values, endDate: '2027-01-10', address: { ...values.address, line1: '18 Lantern Way' } };
    expect(describeChange(booking, after, names)).toEqual([
      'Ends on: the same day → Jan 10, 2027',
      'Address: 9 Elm St, Round Rock, 78664 → 18 Lantern Way, Round Rock, 78664',
    ]);
  });

  it('names each cake ordered with the booking that moves with the new date, and one past its last day to change', () => {
    const cake = (number: string, neededOn: string, changeClosed: boolean, status = 'confirmed') =>
      ({ id: number, number, product: 'Cake', servings: 24, tiers: 1, messageOnCake: null, allergies: '', neededOn, status, priceCents: 8500, lastChangeDay: '2027-01-06', changeClosed }) as AdminBooking['cakes'][number];
    const withCakes = { ...booking, cakes: [cake('CK-A', '2027-01-09', false), cake('CK-B', '2027-01-09', true), cake('CK-C', '2027-01-09', false, 'delivered')] } as AdminBooking;
    expect(describeChange(withCakes, changeValues(withCakes), names)).toEqual([]);
    expect(describeChange(withCakes, { ...changeValues(withCakes), date: '2027-01-16' }, names)).toEqual([
      'Date: Jan 9, 2027 → Jan 16, 2027',
      'Cake order CK-A: Jan 9, 2027 → Jan 16, 2027',
      'Cake order CK-B: Jan 9, 2027 → Jan 16, 2027 (past its last day to change, Jan 6, 2027: the bakery may have started on it)',
    ]);
  });

  it('says a move answers a waiting rain-out offer, and an edit on the same day does not', () => {
    const rained = { ...booking, rainOutWaiting: true } as AdminBooking;
    const moved = { ...changeValues(rained), date: '2027-01-16' };
    expect(describeChange(rained, moved, names)).toEqual([
      'Date: Jan 9, 2027 → Jan 16, 2027',
      'Rain-out offer: answered as moved to the new date, so the customer can no longer take a credit or a refund',
    ]);
    expect(describeChange(rained, changeValues(rained), names)).toEqual([]);
    expect(describeChange(booking, moved, names)).toEqual(['Date: Jan 9, 2027 → Jan 16, 2027']);
  });
});
