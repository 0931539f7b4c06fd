import { describe, expect, it } from 'vitest';
import { expectNoSpam, settings, SPAM_NAME } from '../../../tests/support/unverified-acknowledgement';
import { waiverSignerEmail } from './waiver-emails';

describe('the copy of a signed waiver', () => {
  it('carries the booking, the time and the fingerprint, with the signed PDF, but not the typed name in the message', () => {
    const copy = waiverSignerEmail(
      { id: 'w1', bookingNumber: 'PF-ABC123', eventDate: '2026-12-05', signerName: SPAM_NAME, signerEmail: 'x@example.com', signedAt: 'Dec 1', textSha256: 'abc', pdfUrl: 'https://site.example/api/waivers/w1/pdf?token=t', adults: [], guestCount: 0 },
      settings,
      new Uint8Array([1, 2, 3]),
    );
    expectNoSpam(copy);
    expect(copy.attachments?.[0]?.contentType).toBe('application/pdf');
  });
});
