import { describe, expect, it } from 'vitest';
import { cakeStatuses, cakeTransitions, canMoveCake, nextCakeStatus } from './cake-status';

describe('cake order pipeline', () => {
  it.each([
    // Forward new → confirmed → baking → ready → delivered.
    ['new', 'confirmed', true],
    ['confirmed', 'baking', true],
    ['baking', 'ready', true],
    ['ready', 'delivered', true],
    // No skipping steps.
    ['new', 'baking', false],
    ['new', 'delivered', false],
    ['confirmed', 'ready', false],
    // One step back, but not from delivered.
    ['baking', 'confirmed', true],
    ['ready', 'baking', true],
    ['delivered', 'ready', false],
    // Cancelled until the cake is ready.
    ['new', 'cancelled', true],
    ['baking', 'cancelled', true],
    ['ready', 'cancelled', false],
  ] as const)('moves a cake from %s to %s: %s', (from, to, may) => {
    expect(canMoveCake(from, to)).toBe(may);
  });

  it('offers the next step forward as the main button', () => {
    expect(['new', 'confirmed', 'baking', 'ready'].map((s) => nextCakeStatus(s as never))).toEqual(['confirmed', 'baking', 'ready', 'delivered']);
  });

  it('keeps cancelled and delivered final', () => {
    expect(cakeTransitions.cancelled).toEqual([]);
    expect(cakeTransitions.delivered).toEqual([]);
    expect(nextCakeStatus('delivered')).toBeNull();
    expect(nextCakeStatus('cancelled')).toBeNull();
  });

  it('never moves to the same status or to an unknown one', () => {
    for (const s of cakeStatuses) {
      expect(canMoveCake(s, s)).toBe(false);
      for (const to of cakeTransitions[s]) expect(cakeStatuses).toContain(to);
    }
  });
});
