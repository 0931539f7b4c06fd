import { describe, expect, it } from 'vitest';
import type { UnavailableCode } from '../availability';
import { deskAvailabilityQuery, deskBlock, deskPriceInput, deskSiteLine, lineReason, priceProblems } from './desk';
import { ANSWER_PLEASE } from '../site-check/site-answer-values';

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('deskAvailabilityQuery', () => {
  it('refuses a window longer than a rental may last, at the end date, as the price does', () => {
    const long = { date: '2026-12-26', start: '10:00', end: '14:00', endDate: '2027-05-01' };
    expect(fieldsOf(deskAvailabilityQuery.safeParse(long))).toEqual({ endDate: 'A rental can last at most 7 days' });
    const priced = deskPriceInput.safeParse({ items: [{ product: 'sticky-wall', quantity: 1 }], event: long, zip: '78664', adjustments: [] });
    expect(fieldsOf(priced)).toEqual({ 'event.endDate': 'A rental can last at most 7 days' });
  });

  it('takes a window of seven days, the last one ending at midnight or not', () => {
    expect(deskAvailabilityQuery.safeParse({ date: '2026-12-26', start: '10:00', end: '14:00', endDate: '2027-01-01' }).success).toBe(true);
    expect(deskAvailabilityQuery.safeParse({ date: '2026-12-26', start: '10:00', end: '00:00', endDate: '2027-01-02' }).success).toBe(true);
    expect(deskAvailabilityQuery.safeParse({ date: '2026-12-26', start: '10:00', end: '00:01', endDate: '2027-01-02' }).success).toBe(false);
    expect(deskAvailabilityQuery.safeParse({ date: '2026-12-26', start: '10:00', end: '14:00' }).success).toBe(true);
  });
});

describe('lineReason', () => {
  const tooFar = { code: 'too_far', message: 'We take bookings up to 365 days ahead.' } as const;
  const closed = { code: 'blackout', message: 'We’re closed Dec 25 (Christmas).' } as const;
  const line = (reasonCode: UnavailableCode | null, reason: string | null, available = false) => ({ available, reason, reasonCode });

  it('says nothing on a line whose reason is the window’s: the desk says it once, at the date', () => {
    expect(lineReason(line('too_far', tooFar.message), tooFar)).toBeNull();
    expect(lineReason(line('outside_hours', 'Delivery is between 8 AM and 8 PM.'), { code: 'outside_hours', message: 'Delivery is between 8 AM and 8 PM.' })).toBeNull();
    expect(lineReason(line('blackout', closed.message), closed)).toBeNull();
  });

  it('keeps a line’s own reason: a unit booked out, the product’s own blackout, a product switched off', () => {
    expect(lineReason(line('sold_out', 'Sorry, the Castle is already booked for that time.'), null)).toBe('Sorry, the Castle is already booked for that time.');
    expect(lineReason(line('not_enough', 'Only 2 are free for that time.'), closed)).toBe('Only 2 are free for that time.');
    expect(lineReason(line('blackout', 'The Water Slide is not available Jul 4 (repairs).'), closed)).toBe('The Water Slide is not available Jul 4 (repairs).');
    expect(lineReason(line('blackout', 'The Water Slide is not available Jul 4 (repairs).'), null)).toBe('The Water Slide is not available Jul 4 (repairs).');
    expect(lineReason(line('inactive', 'The Castle is no longer offered.'), tooFar)).toBe('The Castle is no longer offered.');
  });

  it('says nothing on a line that can be had', () => {
    expect(lineReason(line(null, null, true), null)).toBeNull();
  });
});

describe('deskBlock', () => {
  const hours = { code: 'outside_hours', field: 'end', message: 'Delivery is between 8 AM and 8 PM.' } as const;
  const discount = 'The discounts are more than the whole order.';

  it('says what else stops the booking beside a refusal staff may book anyway: the quote names it apart from `problem`', () => {
    // `problem` is the yard check's refusal here; the discount must still be said.
    expect(deskBlock({ problemBesidesSite: discount, windowProblem: null }, null)).toEqual({ message: discount });
    expect(deskBlock({ problemBesidesSite: 'Sorry, the Castle is already booked for that time.', windowProblem: null }, null)).toEqual({
      message: 'Sorry, the Castle is already booked for that time.',
    });
  });

  it('names the field of a window’s reason (said there), and nothing once the date or a time changed since the price', () => {
    expect(deskBlock({ problemBesidesSite: hours.message, windowProblem: hours }, hours)).toEqual({ field: 'end' });
    expect(deskBlock({ problemBesidesSite: hours.message, windowProblem: hours }, null)).toBeNull();
  });

  it('says nothing when only the yard check refuses, or nothing does', () => {
    expect(deskBlock({ problemBesidesSite: null, windowProblem: null }, null)).toBeNull();
  });
});

describe('deskSiteLine', () => {
  const ground = { field: 'site.surface', product: 'tropical-splash', message: 'The Tropical Splash cannot be set up on concrete.' };
  const generator = { field: 'site.outlet', product: 'quiet-inverter-generator', message: 'Sorry, the Quiet Inverter Generator is already booked for that time.' };
  const question = { field: 'site.stairs', product: null, message: ANSWER_PLEASE };
  const quote = (refusals: (typeof ground)[] | { field: string; product: string | null; message: string }[], generatorAdded = false) => ({
    site: { refusals },
    lines: [{ product: 'tropical-splash', siteAdded: false }, ...(generatorAdded ? [{ product: 'quiet-inverter-generator', siteAdded: true }] : [])],
  });

  it('says booking anyway only when every refusal standing is one an override covers', () => {
    expect(deskSiteLine(quote([ground]), null, true)).toBe('anyway');
    expect(deskSiteLine(quote([ground]), null, false)).toBe('refused');
    expect(deskSiteLine(quote([]), null, true)).toBeNull();
  });

  it('says refused, ticked or not, beside the generator the check added booked out or a question left unanswered', () => {
    expect(deskSiteLine(quote([ground, generator], true), null, true)).toBe('refused');
    expect(deskSiteLine(quote([ground, question]), null, true)).toBe('refused');
  });

  it('leaves out what the booking’s stored override already covers', () => {
    expect(deskSiteLine(quote([ground]), { refusals: [{ field: ground.field, product: ground.product }] }, false)).toBeNull();
  });
});

describe('priceProblems', () => {
  const generatorBooked = 'Sorry, the Quiet Inverter Generator is already booked for that time.';
  const refusal = 'No outlet within 100 ft and our Quiet Inverter Generator is booked for that time: choose another date, or a spot near an outlet.';
  const lines = [
    { product: 'pink-castle', siteAdded: false, reason: null },
    { product: 'quiet-inverter-generator', siteAdded: true, reason: generatorBooked },
  ];
  const refusals = [{ field: 'site.outlet', product: 'quiet-inverter-generator' }];

  it('says the added generator booked out once, by the yard check’s refusal, not again by its line', () => {
    expect(priceProblems({ problem: refusal, problemBesidesSite: generatorBooked, windowProblem: null, lines, site: { refusals } })).toEqual([refusal]);
  });

  it('still says another unit taken, a discount too big, beside the refusal; never the window’s reason', () => {
    const taken = 'Sorry, the Pink Castle is already booked for that time.';
    expect(priceProblems({ problem: refusal, problemBesidesSite: taken, windowProblem: null, lines, site: { refusals } })).toEqual([refusal, taken]);
    const hours = 'Delivery is between 8 AM and 8 PM.';
    expect(priceProblems({ problem: hours, problemBesidesSite: hours, windowProblem: { message: hours }, lines, site: { refusals: [] } })).toEqual([]);
    // The generator's own reason stands when nothing refused it for the yard (it was in the cart as a rental).
    expect(priceProblems({ problem: generatorBooked, problemBesidesSite: generatorBooked, windowProblem: null, lines, site: { refusals: [] } })).toEqual([generatorBooked]);
  });
});
