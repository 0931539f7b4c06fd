import { describe, expect, it } from 'vitest';
import { fieldErrors, submissionId } from '../../../tests/support/form-errors';
import { WAIVER_RULES, WAIVER_VERSION } from './waiver-text';
import { waiverSigning } from './waiver-signing';

describe('waiver signing', () => {
  const acknowledged = Object.fromEntries(WAIVER_RULES.map((r) => [r.id, true]));
  const valid = {
    submissionId,
    access: { bookingNumber: 'pf-7k3q9x', email: 'priya@example.com' },
    waiverVersion: WAIVER_VERSION,
    signerName: 'Priya Raman',
    signerEmail: 'priya@example.com',
    adults: [{ name: 'Priya Raman' }],
    guests: [{ name: 'Maya', age: 7 }],
    acknowledged,
    consent: true,
    signatureKind: 'typed',
    typedSignature: 'priya  raman',
  };

  it('accepts a typed signature that matches the full name', () => {
    const parsed = waiverSigning.parse(valid);
    expect(parsed.access.bookingNumber).toBe('PF-7K3Q9X');
  });

  it('takes a typed name without its accents, as a phone’s keyboard types it, and no other name', () => {
    const lucia = { ...valid, signerName: 'Lucía Ramírez Peña', adults: [{ name: 'Lucía Ramírez Peña' }] };
    expect(fieldErrors(waiverSigning.safeParse({ ...lucia, typedSignature: 'Lucia Ramirez Pena' }))).toEqual({});
    expect(fieldErrors(waiverSigning.safeParse({ ...lucia, typedSignature: 'Lucía Ramírez Peña' }))).toEqual({});
    expect(fieldErrors(waiverSigning.safeParse({ ...lucia, typedSignature: 'Lucas Ramirez Pena' }))).toEqual({ typedSignature: 'Type your full name exactly as in “Your full name” above' });
  });

  it('needs every rule ticked, one message per rule', () => {
    const first = WAIVER_RULES[0]!.id;
    expect(fieldErrors(waiverSigning.safeParse({ ...valid, acknowledged: { ...acknowledged, [first]: false } }))).toEqual({
      [`acknowledged.${first}`]: 'Tick this box to confirm you have read this rule',
    });
  });

  it('checks the signature the signer chose', () => {
    expect(fieldErrors(waiverSigning.safeParse({ ...valid, typedSignature: 'P. R.' }))).toEqual({ typedSignature: 'Type your full name exactly as in “Your full name” above' });
    expect(fieldErrors(waiverSigning.safeParse({ ...valid, signatureKind: 'drawn' }))).toEqual({ signatureImage: 'Draw your signature in the box, or choose to type it instead' });
    expect(fieldErrors(waiverSigning.safeParse({ ...valid, signatureKind: 'drawn', signatureImage: 'data:image/svg+xml;base64,AAAA' }))).toEqual({
      signatureImage: 'The drawn signature could not be read; please clear it and sign again',
    });
  });

  it('leaves the version to the server, which knows the current one (the owner publishes versions)', () => {
    // tests/integration/waiver-texts.test.ts: a version no longer current is refused with the reload message.
    expect(fieldErrors(waiverSigning.safeParse({ ...valid, waiverVersion: '2020-01' }))).toEqual({});
    expect(fieldErrors(waiverSigning.safeParse({ ...valid, waiverVersion: 'x'.repeat(41) }))).toHaveProperty('waiverVersion');
  });
});
