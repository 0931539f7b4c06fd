import { describe, expect, it } from 'vitest';
import { businessClock } from '../time';
import { type BookingCake, cakeChangeClosed, cakeLastChangeDay, cakesOnCancelling, cakesOnCustomerMove, cakesOnStaffCancelling, cakesOnStaffMove, customerMoveCakes, staffCakeNotices } from './booking-cakes';
import { cancellationOutcomeText, movedCakesText } from './booking-emails';

const cake = (neededOn: string, status: BookingCake['status'] = 'confirmed'): BookingCake => ({
  id: 'c1',
  number: 'CK-7Q2M4X',
  product: 'Classic Round Birthday Cake',
  servings: 24,
  tiers: 2,
  messageOnCake: null,
  allergies: '',
  neededOn,
  status,
  priceCents: 8500,
});

describe('a cake’s last day to change or cancel (the cancellation policy’s cake deadline)', () => {
  it('is its lead time before the day it is needed; the day itself is still open, the next is not', () => {
    expect(cakeLastChangeDay('2026-07-04', 3)).toBe('2026-07-01');
    expect(cakeLastChangeDay('2026-07-04', 0)).toBe('2026-07-04');
    expect(cakeChangeClosed(cake('2026-07-04'), '2026-07-01', 3)).toBe(false);
    expect(cakeChangeClosed(cake('2026-07-04'), '2026-07-02', 3)).toBe(true);
  });

  it('is counted on the business’s calendar, not UTC’s: 11 p.m. in Chicago on its last day is still open', () => {
    // 2026-07-02 04:00 UTC is July 1, 11 p.m. in Chicago.
    const clock = businessClock('America/Chicago', new Date('2026-07-02T04:00:00Z'));
    expect(cakeChangeClosed(cake('2026-07-04'), clock.today(), 3)).toBe(false);
    const nextMorning = businessClock('America/Chicago', new Date('2026-07-02T13:00:00Z'));
    expect(cakeChangeClosed(cake('2026-07-04'), nextMorning.today(), 3)).toBe(true);
  });

  it('on cancelling: cancelled free before it, kept and not refunded after it, in the customer’s words (English and Spanish)', () => {
    expect(cakesOnCancelling([cake('2026-07-04'), cake('2026-07-04', 'cancelled')], '2026-07-01', 3)).toEqual([
      { number: 'CK-7Q2M4X', priceCents: 8500, lastDay: '2026-07-01', refundable: true },
    ]);
    const kept = cakesOnCancelling([cake('2026-07-04', 'baking')], '2026-07-02', 3);
    expect(kept).toEqual([{ number: 'CK-7Q2M4X', priceCents: 8500, lastDay: '2026-07-01', refundable: false }]);
    const outcome = { tier: 'refund' as const, refundCents: 10000, creditCents: 0, keptCents: 0, cakes: kept };
    expect(cancellationOutcomeText(outcome, { creditExpiryMonths: 12 })).toEqual([
      "We'll refund $100 to your card (or the way you paid).",
      'Your cake order CK-7Q2M4X ($85) could be changed or cancelled free of charge until July 1. We have started on it, so it is not refunded: call us to pick it up.',
    ]);
    const es = cancellationOutcomeText(outcome, { creditExpiryMonths: 12 }, 0, 'es');
    expect(es[1]).toMatch(/^Su pedido de pastel CK-7Q2M4X \(.*85.*\) se podía cambiar o cancelar sin costo hasta el 1 de julio\. Ya empezamos a prepararlo, así que no se reembolsa/);
  });
});

describe('the staff booking screen’s cakes', () => {
  it('carry their last day and whether it passed; a cake past it is named in the refund preview as not refunded', async () => {
    const { cakeNotRefundedLine, staffBookingCakes } = await import('./booking-cakes');
    const [open] = staffBookingCakes([cake('2026-07-04')], '2026-07-01', 3);
    expect(open).toMatchObject({ lastChangeDay: '2026-07-01', changeClosed: false });
    const [closed] = staffBookingCakes([cake('2026-07-04', 'baking')], '2026-07-02', 3);
    expect(closed).toMatchObject({ lastChangeDay: '2026-07-01', changeClosed: true });
    // Delivered or cancelled cakes have nothing left to change.
    expect(staffBookingCakes([cake('2026-07-04', 'cancelled')], '2026-07-02', 3)[0]!.changeClosed).toBe(false);
    expect(cakeNotRefundedLine(closed!)).toBe(
      'Cake order CK-7Q2M4X ($85) is past its last day to change or cancel (Jul 1, 2026): its price is not refunded, and is not part of this refund (paid separately). Cancel it by hand on the cake orders screen to make an exception.',
    );
  });
});

describe('the cakes when staff cancel or move the booking', () => {
  const two = [cake('2026-07-04'), { ...cake('2026-07-04', 'baking'), id: 'c2', number: 'CK-8R3N5Y' }, { ...cake('2026-07-04', 'delivered'), id: 'c3', number: 'CK-9S4P6Z' }];

  it('a cancellation cancels those before their last day and keeps those past it (a delivered one is left out), and says which', () => {
    expect(cakesOnStaffCancelling(cakesOnCancelling(two, '2026-07-01', 3))).toEqual({ cancelled: ['CK-7Q2M4X', 'CK-8R3N5Y'], kept: [] });
    const late = cakesOnStaffCancelling(cakesOnCancelling(two, '2026-07-02', 3));
    expect(late).toEqual({ cancelled: [], kept: [{ number: 'CK-7Q2M4X', lastDay: '2026-07-01' }, { number: 'CK-8R3N5Y', lastDay: '2026-07-01' }] });
    expect(staffCakeNotices({ cancelled: { cancelled: ['CK-7Q2M4X'], kept: [{ number: 'CK-8R3N5Y', lastDay: '2026-07-01' }] } })).toEqual([
      'Cake order CK-7Q2M4X is cancelled with the booking.',
      `Cake order CK-8R3N5Y stays ordered: it is past its last day to change or cancel (Jul 1, 2026). Cancel it by hand on the cake orders screen if the bakery agrees.`,
    ]);
  });

  it('a move takes every cake not delivered to the new date, saying which were past their last day', () => {
    const moved = cakesOnStaffMove(two, '2026-07-11', '2026-07-02', 3);
    expect(moved.map((c) => [c.number, c.from, c.to, c.pastLastDay])).toEqual([
      ['CK-7Q2M4X', '2026-07-04', '2026-07-11', true],
      ['CK-8R3N5Y', '2026-07-04', '2026-07-11', true],
    ]);
    expect(cakesOnStaffMove(two, '2026-07-04', '2026-07-02', 3)).toEqual([]);
    expect(staffCakeNotices({ moved: cakesOnStaffMove([cake('2026-07-04')], '2026-07-11', '2026-07-01', 3) })).toEqual([`Cake order CK-7Q2M4X moved with the party to Jul 11, 2026.`]);
    expect(staffCakeNotices({ moved: moved.slice(0, 1) })).toEqual([
      `Cake order CK-7Q2M4X moved with the party to Jul 11, 2026. It was past its last day to change (Jul 1, 2026): check with the bakery, which may have started on it.`,
    ]);
  });
});

describe('the cakes when the customer moves the party', () => {
  const three = [cake('2026-07-04'), { ...cake('2026-07-04', 'baking'), id: 'c2', number: 'CK-8R3N5Y' }, { ...cake('2026-07-04', 'delivered'), id: 'c3', number: 'CK-9S4P6Z' }];

  it('moves every cake not delivered; past their last day, a rain check’s move leaves them on their own day instead', () => {
    const own = cakesOnCustomerMove(three, '2026-07-11', '2026-07-02', 3, false);
    expect([own.moving.map((c) => c.number), own.staying]).toEqual([['CK-7Q2M4X', 'CK-8R3N5Y'], []]);
    const rainCheck = cakesOnCustomerMove(three, '2026-07-11', '2026-07-02', 3, true);
    expect([rainCheck.moving, rainCheck.staying.map((c) => c.number)]).toEqual([[], ['CK-7Q2M4X', 'CK-8R3N5Y']]);
    // Before their last day a rain check's move takes them along, as any move does.
    expect(cakesOnCustomerMove(three, '2026-07-11', '2026-07-01', 3, true).moving.map((c) => c.number)).toEqual(['CK-7Q2M4X', 'CK-8R3N5Y']);
  });

  it('says so to the customer in English and Spanish', () => {
    const said = customerMoveCakes({ moving: [cake('2026-07-04')], staying: [{ ...cake('2026-07-04', 'baking'), number: 'CK-8R3N5Y' }] }, '2026-07-11', 3);
    expect(movedCakesText(said, { currency: 'usd' })).toEqual([
      'Your cake order CK-7Q2M4X moves with the party to July 11.',
      'Your cake order CK-8R3N5Y ($85) could be changed free of charge until July 1, and we have started on it: it stays ordered for July 4 and is not refunded. Call us to pick it up that day, or to talk it over.',
    ]);
    const es = movedCakesText(said, { currency: 'usd' }, 'es');
    expect(es[0]).toBe('Su pedido de pastel CK-7Q2M4X se cambia con la fiesta al 11 de julio.');
    expect(es[1]).toMatch(/^Su pedido de pastel CK-8R3N5Y \(.*85.*\) se podía cambiar sin costo hasta el 1 de julio y ya empezamos a prepararlo: sigue pedido para el 4 de julio y no se reembolsa\./);
  });
});
