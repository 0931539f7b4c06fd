import { describe, expect, it } from 'vitest';
import { hashCreditCode, readCreditGrant, signCreditGrant } from './credit-grant.server';

const secret = 'unit-test-secret-0123456789-0123456789';
const now = new Date('2026-11-27T10:00:00Z');

describe('credit grant', () => {
  it('reads back what it signed until it expires 30 minutes later', () => {
    const { token, expiresAt } = signCreditGrant(secret, 'cust-1', 'pat@example.com', now);
    expect(expiresAt.toISOString()).toBe('2026-11-27T10:30:00.000Z');
    expect(readCreditGrant(secret, token, new Date('2026-11-27T10:29:59Z'))).toEqual({ ok: true, grant: { customerId: 'cust-1', email: 'pat@example.com', expiresAt } });
    expect(readCreditGrant(secret, token, expiresAt)).toEqual({ ok: false, problem: 'expired' });
  });

  it('refuses a grant signed with another secret, a changed payload and garbage', () => {
    const { token } = signCreditGrant(secret, 'cust-1', 'pat@example.com', now);
    expect(readCreditGrant('another-secret-0123456789-0123456789', token, now)).toEqual({ ok: false, problem: 'forged' });
    const [, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ c: 'cust-2', e: 'pat@example.com', x: now.getTime() + 60_000 })).toString('base64url');
    expect(readCreditGrant(secret, `${other}.${signature}`, now)).toEqual({ ok: false, problem: 'forged' });
    expect(readCreditGrant(secret, 'nonsense', now)).toEqual({ ok: false, problem: 'malformed' });
    expect(readCreditGrant(secret, 'a.b.c', now)).toEqual({ ok: false, problem: 'malformed' });
  });

  it('keeps a code as a hash tied to its e-mail', () => {
    const hash = hashCreditCode(secret, 'pat@example.com', '123456');
    expect(hash).not.toContain('123456');
    expect(hash).toBe(hashCreditCode(secret, 'pat@example.com', '123456'));
    expect(hash).not.toBe(hashCreditCode(secret, 'sam@example.com', '123456'));
    expect(hash).not.toBe(hashCreditCode(secret, 'pat@example.com', '123457'));
  });
});
