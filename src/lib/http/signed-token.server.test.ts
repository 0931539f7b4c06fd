import { describe, expect, it } from 'vitest';
import { readToken, signToken } from './signed-token.server';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const now = new Date('2026-06-01T12:00:00Z');
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('signed tokens', () => {
  it('carries its data until it expires', () => {
    const token = signToken(SECRET, 'cart/v1', { items: [1, 2] }, later(30));
    expect(readToken(SECRET, 'cart/v1', token, later(29))).toEqual({ ok: true, data: { items: [1, 2] }, expiresAt: later(30) });
    expect(readToken(SECRET, 'cart/v1', token, later(30))).toEqual({ ok: false, problem: 'expired' });
  });

  it('is worthless for another purpose, with another secret, or changed', () => {
    const token = signToken(SECRET, 'cart/v1', { n: 1 }, later(30));
    expect(readToken(SECRET, 'credit-grant/v1', token, now)).toEqual({ ok: false, problem: 'forged' });
    expect(readToken(`${SECRET}!`, 'cart/v1', token, now)).toEqual({ ok: false, problem: 'forged' });
    const [, signature] = token.split('.');
    const other = Buffer.from(JSON.stringify({ d: { n: 2 }, x: later(30).getTime() })).toString('base64url');
    expect(readToken(SECRET, 'cart/v1', `${other}.${signature}`, now)).toEqual({ ok: false, problem: 'forged' });
  });

  it('says a token that is not one is malformed', () => {
    for (const token of ['', 'abc', 'a.b.c', '.sig']) expect(readToken(SECRET, 'cart/v1', token, now)).toEqual({ ok: false, problem: 'malformed' });
  });
});
