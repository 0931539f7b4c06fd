import { describe, expect, it } from 'vitest';
import { bookingChangeInput, mayTakeBookings, phoneBookingInput } from '../../../lib/staff-bookings/desk';
import type { AdminBooking } from '../../../lib/staff-bookings/admin-booking.server';
import { changeValues, couponRefusal, emptyAdjustment, hasPriceBasics, isFinishedAdjustment, newBookingDate, newBookingValues, toBookingChange, toPhoneBooking, toPriceRequest, withCouponLeft } from './booking-editor-values';

const booking = {
  id: '6f1c3c36-59a4-4c52-9d7e-4fd1b7f4a0a1',
  event: { date: '2030-06-08', endDate: '2030-06-08', start: '11:00', end: '17:00', startsAt: '', endsAt: '' },
  customer: { name: 'Priya Raman', firstName: 'Priya', email: 'priya@example.com', phone: '(512) 555-0188' },
  address: { line1: '9 Elm St', line2: null, city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass', notes: '' },
  items: [{ id: 'i1', product: 'rainbow-arch-bounce-house', name: 'Rainbow Arch', quantity: 1, unitPriceCents: 19_500, lineTotalCents: 19_500, units: [] }],
  adjustments: [
    { label: 'Stairs', reason: 'Two flights', direction: 'surcharge', kind: 'amount', value: 2550, cents: 2550 },
    { label: 'Goodwill', reason: 'Late last time', direction: 'discount', kind: 'percent', value: 7.5, cents: -1463 },
  ],
  totals: { couponCode: 'WELCOME10' },
  damageWaiverAccepted: false,
  site: { answers: { surface: 'grass', outlet: 'no', stairFlights: 1 }, override: null },
} as unknown as AdminBooking;

describe('the booking editor form', () => {
  it('starts a change from the booking as it stands, and sends back the same booking', () => {
    const values = changeValues(booking);
    expect(values.adjustments.map((a) => a.value)).toEqual(['25.50', '7.5']);
    const body = bookingChangeInput.parse(toBookingChange(values, {}));
    expect(body).toMatchObject({
      items: [{ product: 'rainbow-arch-bounce-house', quantity: 1 }],
      event: { date: '2030-06-08', start: '11:00', end: '17:00' },
      coupon: 'WELCOME10',
      damageWaiver: false,
      adjustments: [
        { label: 'Stairs', direction: 'surcharge', kind: 'amount', value: 2550 },
        { label: 'Goodwill', direction: 'discount', kind: 'percent', value: 7.5 },
      ],
    });
  });

  it('e-mails the customer by default when staff move a party whose rain-out offer waits (they must learn it moved)', () => {
    const rained = { ...booking, rainOutWaiting: true } as AdminBooking;
    const moved = { ...changeValues(rained), date: '2030-06-15' };
    expect(moved.notify).toBe(true);
    expect(bookingChangeInput.parse(toBookingChange(moved, {})).notifyCustomer).toBe(true);
  });

  it('notes what is not a number under the API field it becomes, and asks no price until the form can be priced', () => {
    const values = { ...newBookingValues('2030-06-08', 'OH'), items: [{ product: 'sticky-wall', quantity: 'two' }] };
    const problems: Record<string, string> = {};
    toPhoneBooking({ ...values, paymentTaken: true, payment: { amount: '12.345', method: 'cash', note: '' } }, problems);
    expect(Object.keys(problems).sort()).toEqual(['items.0.quantity', 'payment.amountCents']);
    expect(toPriceRequest(values, null)).toBeNull();
    const priced = toPriceRequest({ ...values, items: [{ product: 'sticky-wall', quantity: '2' }], address: { ...values.address, zip: '78664' } }, booking.id);
    expect(priced).toMatchObject({ items: [{ product: 'sticky-wall', quantity: 2 }], zip: '78664', bookingId: booking.id });
    expect(phoneBookingInput.safeParse(toPhoneBooking(values, {})).success).toBe(false);
  });

  it('keeps the booking’s setup spot answers, with the surface the address now names', () => {
    const values = changeValues(booking);
    expect(bookingChangeInput.parse(toBookingChange(values, {})).site).toEqual({ surface: 'grass', outlet: 'no', stairFlights: 1 });
    const concrete = { ...values, address: { ...values.address, surface: 'concrete' } };
    expect(toBookingChange(concrete, {}).site).toEqual({ surface: 'concrete', outlet: 'no', stairFlights: 1 });
    expect(toPriceRequest(concrete, booking.id)?.site).toEqual({ surface: 'concrete', outlet: 'no', stairFlights: 1 });
    expect(toBookingChange({ ...values, address: { ...values.address, surface: '' } }, {}).site).toEqual({ outlet: 'no', stairFlights: 1 });
  });

  it('sends "Book it anyway" only when ticked over refusals, with the reason and the refusals shown', () => {
    const refusals = [{ field: 'site.surface', product: 'tropical-splash-water-slide' }];
    const values = { ...changeValues(booking), siteOverride: { on: false, reason: 'Lawn beside the drive', refusals } };
    expect(toBookingChange(values, {})).not.toHaveProperty('siteOverride');
    expect(toBookingChange({ ...values, siteOverride: { ...values.siteOverride, on: true } }, {}).siteOverride).toEqual({ reason: 'Lawn beside the drive', refusals });
    expect(toBookingChange({ ...values, siteOverride: { on: true, reason: 'x', refusals: [] } }, {})).not.toHaveProperty('siteOverride');
    const blank = toPhoneBooking({ ...values, siteOverride: { on: true, reason: '', refusals } }, {});
    expect(phoneBookingInput.safeParse(blank).error?.issues.map((i) => i.path.join('.'))).toContain('siteOverride.reason');
  });

  it('leaves out the generators the "no outlet" answer brought, so that the price adds them again only while the answer holds', () => {
    const generator = { id: 'i2', product: 'quiet-inverter-generator', name: 'Quiet Inverter Generator', unitPriceCents: 12_500, units: [] };
    const withGenerators = (quantity: number, brought: number | null) =>
      ({
        ...booking,
        items: [...booking.items, { ...generator, quantity, lineTotalCents: 12_500 * quantity }],
        site: { ...booking.site, outletGenerators: brought === null ? null : { product: generator.product, quantity: brought } },
      }) as unknown as AdminBooking;
    expect(changeValues(withGenerators(1, 1)).items).toEqual([{ product: 'rainbow-arch-bounce-house', quantity: '1' }]);
    // One the customer chose beside the one the answer brought stays an item.
    expect(changeValues(withGenerators(2, 1)).items).toEqual([
      { product: 'rainbow-arch-bounce-house', quantity: '1' },
      { product: 'quiet-inverter-generator', quantity: '1' },
    ]);
    expect(changeValues(withGenerators(1, null)).items.map((i) => i.product)).toContain('quiet-inverter-generator');
  });

  it('starts a phone booking with nothing paid as deposit due', () => {
    expect(newBookingValues('2030-06-08', 'TX').status).toBe('deposit_due');
  });

  // The business's wall clock now: from the form's start time on, today's window has passed.
  it.each([
    ['before the form’s start time, today', '2026-12-07', '09:59', '2026-12-07'],
    ['at the form’s start time, tomorrow', '2026-12-07', '10:00', '2026-12-08'],
    ['in the afternoon, tomorrow', '2026-12-07', '13:44', '2026-12-08'],
    ['on the year’s last evening, the new year’s first day', '2026-12-31', '23:30', '2027-01-01'],
  ])('opens a new phone booking on a day whose start time is still ahead: %s', (_when, today, timeNow, date) => {
    expect(newBookingDate(today, timeNow)).toBe(date);
  });

  it('prices only the adjustments staff have finished, and asks nothing the API would refuse', () => {
    const blank = newBookingValues('2030-06-08', 'TX');
    const values = { ...blank, items: [{ product: 'sticky-wall', quantity: '1' }], address: { ...blank.address, zip: '78664' } };
    const stairs = { label: 'Stairs', reason: 'Two flights', direction: 'surcharge' as const, kind: 'amount' as const, value: '25' };
    expect(isFinishedAdjustment(emptyAdjustment)).toBe(false);
    expect(isFinishedAdjustment({ ...stairs, reason: 'Tw' })).toBe(false);
    expect(isFinishedAdjustment({ ...stairs, value: '25.' })).toBe(true);
    expect(isFinishedAdjustment({ ...stairs, value: '2.5.' })).toBe(false);
    expect(toPriceRequest({ ...values, adjustments: [emptyAdjustment, { ...stairs, reason: 'Tw' }] }, null)?.adjustments).toEqual([]);
    expect(toPriceRequest({ ...values, adjustments: [emptyAdjustment, stairs] }, null)?.adjustments).toEqual([
      { label: 'Stairs', reason: 'Two flights', direction: 'surcharge', kind: 'amount', value: 2500 },
    ]);
    expect(toPriceRequest({ ...values, coupon: 'WE' }, null)).toBeNull();
    expect(toPriceRequest({ ...values, items: [{ product: 'sticky-wall', quantity: '' }] }, null)).toBeNull();
    expect(hasPriceBasics(values)).toBe(true);
  });

  it('prices a coupon once staff leave its field, and says its refusal there only then', () => {
    const blank = newBookingValues('2030-06-08', 'TX');
    const values = { ...blank, items: [{ product: 'sticky-wall', quantity: '1' }], address: { ...blank.address, zip: '78664' } };
    // Typing SAVE with the field still focused: the price is asked without it, as before the first key.
    expect(toPriceRequest(withCouponLeft({ ...values, coupon: 'SAVE' }, ''), null)?.coupon).toBe('');
    expect(toPriceRequest(withCouponLeft({ ...values, coupon: 'SAVE' }, ''), null)).toEqual(toPriceRequest(values, null));
    // Left: the code goes with the price request.
    expect(toPriceRequest(withCouponLeft({ ...values, coupon: 'SAVE10' }, 'SAVE10'), null)?.coupon).toBe('SAVE10');

    const refused = { quote: { coupon: { error: 'We don’t recognize that coupon code.' } }, coupon: 'SAVE10' };
    expect(couponRefusal(refused, 'SAVE10', 'SAVE10')).toBe('We don’t recognize that coupon code.');
    // Back in the field and typing another code: no message about the old one.
    expect(couponRefusal(refused, 'SAVE1', 'SAVE10')).toBeUndefined();
    // Left with a new code whose price is still on its way: the last answer was about another code.
    expect(couponRefusal(refused, 'SUMMER', 'SUMMER')).toBeUndefined();
    expect(couponRefusal({ quote: { coupon: { error: null } }, coupon: 'SUMMER' }, 'SUMMER', 'SUMMER')).toBeUndefined();
    expect(couponRefusal(null, 'SAVE10', 'SAVE10')).toBeUndefined();
  });

  it('lets managers and owners take bookings, and crew only when Settings allow it', () => {
    expect(mayTakeBookings('manager', { crewMayTakeBookings: false })).toBe(true);
    expect(mayTakeBookings('crew', { crewMayTakeBookings: false })).toBe(false);
    expect(mayTakeBookings('crew', { crewMayTakeBookings: true })).toBe(true);
  });
});
