import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * supabase/prod-ca-2021.crt is Supabase's public root certificate, the CA DATABASE_URL names for
 * verify-full (docs/operations.md, Deploying). It is a trust anchor: an edit to it must be deliberate.
 */
describe('the Supabase CA shipped with the site', () => {
  it('is Supabase Root 2021 CA, self-signed, with its published fingerprint', () => {
    const certificate = new X509Certificate(readFileSync('supabase/prod-ca-2021.crt'));
    expect(certificate.subject).toContain('CN=Supabase Root 2021 CA');
    expect(certificate.ca).toBe(true);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.fingerprint256).toBe('80:70:25:AD:50:D4:ED:21:9D:2C:9C:7D:29:9C:00:4F:82:4E:B0:0C:F7:F6:5A:FE:F6:07:D0:7B:72:E6:CA:FA');
    expect(new Date(certificate.validTo).toISOString().slice(0, 10)).toBe('2031-04-26');
  });
});
