import { describe, expect, it } from 'vitest';
import { renderWaiverText, WAIVER_RULES, WAIVER_VERSION } from './waiver-text';

const people = {
  businessName: 'Pink Flamingo Party Rentals',
  governingState: 'TX',
  bookingNumber: 'PF-7K3Q9X',
  eventDate: '2026-12-05',
  renterName: 'Priya Raman',
  signerName: 'Sam  Raman',
  signerEmail: 'Sam@Example.com',
  adults: [{ name: 'Sam Raman' }, { name: 'Lee Chen' }],
  guests: [{ name: 'Maya', age: 7 }, { name: 'Leo' }],
};

describe('waiver text', () => {
  it('fills in the booking and the people, and lists every rule', () => {
    const text = renderWaiverText(people);
    expect(text).toContain(`Waiver version ${WAIVER_VERSION}`);
    expect(text).toContain('Booking: PF-7K3Q9X');
    expect(text).toContain('Party date: Saturday, December 5, 2026');
    expect(text).toContain('Signed by: Sam Raman (sam@example.com)');
    expect(text).toContain('Adults responsible for supervision: Sam Raman; Lee Chen');
    expect(text).toContain('Children and guests covered: Maya (age 7); Leo');
    for (const rule of WAIVER_RULES) expect(text).toContain(rule.text);
  });

  it('releases under the law of the business’s state', () => {
    expect(renderWaiverText(people)).toContain('To the fullest extent permitted by Texas law, I release');
    const ohio = renderWaiverText({ ...people, governingState: 'OH' });
    expect(ohio).toContain('To the fullest extent permitted by Ohio law, I release');
    expect(ohio).not.toContain('Texas');
  });

  it('is the same string for the same people however the names were spaced, so the hash is stable', () => {
    expect(renderWaiverText({ ...people, signerName: ' Sam Raman ' })).toBe(renderWaiverText(people));
    expect(renderWaiverText({ ...people, guests: [] })).not.toBe(renderWaiverText(people));
  });

  it('writes dates without depending on the runtime locale', () => {
    expect(renderWaiverText({ ...people, eventDate: '2026-02-28' })).toContain('Party date: Saturday, February 28, 2026\n');
    expect(renderWaiverText({ ...people, eventDate: '2027-01-01' })).toContain('Party date: Friday, January 1, 2027\n');
  });

  it('has unique rule ids', () => {
    expect(new Set(WAIVER_RULES.map((r) => r.id)).size).toBe(WAIVER_RULES.length);
  });
});
