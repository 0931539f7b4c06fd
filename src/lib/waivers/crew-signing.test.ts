import { describe, expect, it } from 'vitest';
import { WAIVER_RULES, WAIVER_VERSION } from './waiver-text';
import { crewSignedAtProblem, crewWaiverSigning, waiverSigning } from './waiver-signing';

const zone = 'America/New_York';
const party = { date: '2026-12-05', endDate: '2026-12-05' };
const now = new Date('2026-12-05T15:00:00Z');

describe('crewSignedAtProblem: when a waiver signed on the crew’s phone may have been signed', () => {
  it('takes a moment up to a phone clock’s skew ahead of the server, and refuses one further ahead', () => {
    expect(crewSignedAtProblem(new Date('2026-12-05T14:10:00Z'), now, party, zone)).toBeNull();
    expect(crewSignedAtProblem(new Date('2026-12-05T15:04:59Z'), now, party, zone)).toBeNull();
    expect(crewSignedAtProblem(new Date('2026-12-05T15:05:01Z'), now, party, zone)).toMatch(/in the future/);
  });

  it('takes the day before the party in the business’s time zone, not earlier', () => {
    // 00:30 on December 4 in New York is 05:30 UTC.
    expect(crewSignedAtProblem(new Date('2026-12-04T05:30:00Z'), now, party, zone)).toBeNull();
    // 23:30 on December 3 in New York, already December 4 in UTC.
    expect(crewSignedAtProblem(new Date('2026-12-04T04:30:00Z'), now, party, zone)).toMatch(/long before the party/);
  });

  it('takes the day after a party ends (sent late from a phone without signal), not later', () => {
    const later = new Date('2026-12-09T12:00:00Z');
    const weekend = { date: '2026-12-05', endDate: '2026-12-06' };
    expect(crewSignedAtProblem(new Date('2026-12-07T20:00:00Z'), later, weekend, zone)).toBeNull();
    expect(crewSignedAtProblem(new Date('2026-12-08T12:00:00Z'), later, weekend, zone)).toMatch(/after the party/);
  });
});

describe('crewWaiverSigning: the guests’ form, with the moment of signing instead of the booking’s access', () => {
  const fields = {
    signerName: 'Priya Raman',
    signerEmail: 'priya@example.com',
    adults: [{ name: 'Priya Raman' }],
    acknowledged: Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true])),
    consent: true,
    signatureKind: 'typed',
    typedSignature: 'Priya Raman',
  };

  it('asks for the same fields as the public form, with the same messages', () => {
    const crew = crewWaiverSigning.safeParse({ ...fields, waiverVersion: WAIVER_VERSION, signedAt: '2026-12-05T14:10:00Z', typedSignature: 'P. R.' });
    const web = waiverSigning.safeParse({ ...fields, waiverVersion: WAIVER_VERSION, submissionId: crypto.randomUUID(), website: '', access: { bookingNumber: 'PF-ABC123', email: 'priya@example.com' }, typedSignature: 'P. R.' });
    expect(crew.success || web.success).toBe(false);
    const messages = (r: typeof crew | typeof web) => (r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
    expect(messages(crew)).toEqual(messages(web));
    expect(messages(crew)).toEqual(['typedSignature: Type your full name exactly as in “Your full name” above']);
  });

  it('needs the moment of signing as a date and time with its offset', () => {
    expect(crewWaiverSigning.safeParse({ ...fields, waiverVersion: WAIVER_VERSION, signedAt: '2026-12-05T09:10:00-05:00' }).success).toBe(true);
    const bad = crewWaiverSigning.safeParse({ ...fields, waiverVersion: WAIVER_VERSION, signedAt: 'this morning' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual(['signedAt']);
  });
});
