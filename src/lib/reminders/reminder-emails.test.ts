import { describe, expect, it } from 'vitest';
import { preparations } from './reminder-emails';

const grass = { address: { line1: '1 Elm St', line2: null, city: 'Round Rock', state: 'TX', zip: '78664', surface: 'artificial-turf', notes: '' } };

describe('what the day-before message asks the customer to get ready', () => {
  it('the setup spot’s own needs and their answers said back, instead of the general outlet and path lines', () => {
    const lines = preparations(grass, {
      prepare: 'Please clear 19 × 19 ft of level grass, with an outlet within 50 ft on a 20-amp circuit and a gate or door at least 36 in wide on the way.',
      toldUs: 'You told us: grass, an outlet within 50 ft, a gate or door 40 in wide, no stairs.',
    });
    expect(lines[0]).toBe('Please clear 19 × 19 ft of level grass, with an outlet within 50 ft on a 20-amp circuit and a gate or door at least 36 in wide on the way.');
    expect(lines[1]).toBe('You told us: grass, an outlet within 50 ft, a gate or door 40 in wide, no stairs. Call us if any of that has changed.');
    expect(lines.join(' ')).not.toContain('within 50 feet');
    expect(lines.join(' ')).not.toContain('4 feet wide');
  });

  it('the general lines for a booking that asks nothing of the yard, with the surface it was booked on', () => {
    for (const site of [undefined, { prepare: null, toldUs: null }]) {
      const lines = preparations(grass, site);
      expect(lines).toContain('Make sure a working outdoor outlet is within 50 feet of the set-up area (we bring the cords).');
      expect(lines.at(-1)).toBe('We have you down for setting up on artificial turf; call us if that has changed.');
    }
  });
});
