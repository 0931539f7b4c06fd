import { describe, expect, it } from 'vitest';
import { cakeStatuses, cakeTransitions, canMoveCake, nextCakeStatus } from './cake-status';

describe('cake order pipeline', () => {
  it('walks forward new → confirmed → baking → ready → delivered', () => {
    expect(canMoveCake('new', 'confirmed')).toBe(true);
    expect(canMoveCake('confirmed', 'baking')).toBe(true);
    expect(canMoveCake('baking', 'ready')).toBe(true);
    expect(canMoveCake('ready', 'delivered')).toBe(true);
    expect(['new', 'confirmed', 'baking', 'ready'].map((s) => nextCakeStatus(s as never))).toEqual(['confirmed', 'baking', 'ready', 'delivered']);
  });

  it('refuses skipping steps', () => {
    expect(canMoveCake('new', 'baking')).toBe(false);
    expect(canMoveCake('new', 'delivered')).toBe(false);
    expect(canMoveCake('confirmed', 'ready')).toBe(false);
  });

  it('allows one step back, but not from delivered', () => {
    expect(canMoveCake('baking', 'confirmed')).toBe(true);
    expect(canMoveCake('ready', 'baking')).toBe(true);
    expect(canMoveCake('delivered', 'ready')).toBe(false);
  });

  it('cancels until the cake is ready, and cancelled and delivered are final', () => {
    expect(canMoveCake('new', 'cancelled')).toBe(true);
    expect(canMoveCake('baking', 'cancelled')).toBe(true);
    expect(canMoveCake('ready', 'cancelled')).toBe(false);
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
