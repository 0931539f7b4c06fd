import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

const base = { DATABASE_URL: 'postgres://localhost:5432/party' };

describe('STRIPE_TIMEOUT_MS', () => {
  it('is ten seconds unless set', () => {
    expect(parseEnv(base).STRIPE_TIMEOUT_MS).toBe(10_000);
    expect(parseEnv({ ...base, STRIPE_TIMEOUT_MS: '4000' }).STRIPE_TIMEOUT_MS).toBe(4_000);
  });

  it('refuses a wait too short for Stripe to answer, or one that outlasts a function twice over', () => {
    expect(() => parseEnv({ ...base, STRIPE_TIMEOUT_MS: '500' })).toThrow(/STRIPE_TIMEOUT_MS/);
    expect(() => parseEnv({ ...base, STRIPE_TIMEOUT_MS: '30000' })).toThrow(/STRIPE_TIMEOUT_MS/);
    expect(() => parseEnv({ ...base, STRIPE_TIMEOUT_MS: 'soon' })).toThrow(/STRIPE_TIMEOUT_MS/);
  });
});

describe('LOOKUP_RATE_LIMIT', () => {
  it('is ten booking lookups per 10 minutes unless set, and at least one', () => {
    expect(parseEnv(base).LOOKUP_RATE_LIMIT).toBe(10);
    expect(parseEnv({ ...base, LOOKUP_RATE_LIMIT: '100000' }).LOOKUP_RATE_LIMIT).toBe(100_000);
    expect(() => parseEnv({ ...base, LOOKUP_RATE_LIMIT: '0' })).toThrow(/LOOKUP_RATE_LIMIT/);
  });
});
