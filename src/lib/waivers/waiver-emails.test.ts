import { describe, expect, it } from 'vitest';
import { expectNoSpam, settings, SPAM_NAME } from '../../../tests/support/unverified-acknowledgement';
import { businessClock } from '../time';
import { waiverSignerEmail } from './waiver-emails';
import { signedAtLabel, waiverPdfFilename } from './waiver-pdf';

describe('the copy of a signed waiver', () => {
  it('carries the booking, the time and the fingerprint, with the signed PDF, but not the typed name in the message', () => {
    const copy = waiverSignerEmail(
      { id: 'w1', bookingNumber: 'PC-ABC123', eventDate: '2026-12-05', signerName: SPAM_NAME, signerEmail: 'x@example.com', signedAt: 'Dec 1', textSha256: 'abc', pdfUrl: 'https://site.example/api/waivers/w1/pdf?token=t', adults: [], guestCount: 0 },
      settings,
      new Uint8Array([1, 2, 3]),
    );
    expectNoSpam(copy);
    expect(copy.attachments?.[0]?.contentType).toBe('application/pdf');
  });
});

describe('a Spanish signer’s copy (issue #40)', () => {
  it('names its PDF and writes the time signed in Spanish', () => {
    const signedAt = new Date('2026-12-03T20:57:00Z');
    const copy = waiverSignerEmail(
      {
        id: 'w2', bookingNumber: 'PC-ABC123', eventDate: '2027-06-05', signerName: 'Lucía', signerEmail: 'x@example.com',
        signedAt: signedAt.toISOString(), textSha256: 'abc', pdfUrl: 'https://site.example/api/waivers/w2/pdf?token=t', adults: [], guestCount: 0,
        language: 'es', signedAtInLanguage: signedAtLabel(signedAt, businessClock('America/Chicago'), 'es'),
      },
      settings,
      new Uint8Array([1, 2, 3]),
    );
    expect(copy.attachments?.[0]?.filename).toBe('exencion-PC-ABC123.pdf');
    expect(copy.text).toContain('Firmada el: jueves, 3 de diciembre de 2026, 2:57 p.');
    expect(copy.text).not.toMatch(/\d PM/);
  });

  it('keeps the English copy’s file name and time as they were', () => {
    expect(waiverPdfFilename('en', 'PC-ABC123')).toBe('waiver-PC-ABC123.pdf');
    expect(signedAtLabel(new Date('2026-12-03T20:57:00Z'), businessClock('America/Chicago'))).toBe(
      'Thursday, December 3, 2026 at 2:57 PM (America/Chicago); 2026-12-03T20:57:00.000Z',
    );
  });
});
