import { describe, expect, it } from 'vitest';
import { stripeMode, webhookEventStatus } from './stripe-admin';

describe('stripeMode', () => {
  it('reads test or live from the key prefix', () => {
    expect(stripeMode(undefined)).toBeNull();
    expect(stripeMode('sk_test_abc')).toBe('test');
    expect(stripeMode('rk_live_abc')).toBe('live');
    expect(stripeMode('pk_live_abc')).toBe('unknown');
  });
});

describe('webhookEventStatus', () => {
  it('counts a processed event as processed even if an earlier try failed', () => {
    expect(webhookEventStatus({ processedAt: '2026-01-01T00:00:00Z', error: null })).toBe('processed');
    expect(webhookEventStatus({ processedAt: null, error: 'boom' })).toBe('failed');
    expect(webhookEventStatus({ processedAt: null, error: null })).toBe('pending');
  });
});
