import { describe, expect, it } from 'vitest';
import { cakeStatuses, cakeTransitions, canMoveCake, canMoveQuote, nextCakeStatus, quoteStatuses, quoteTransitions } from './request-status';

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

describe('quote statuses', () => {
  it('needs an offer before a booking', () => {
    expect(canMoveQuote('new', 'converted')).toBe(false);
    expect(canMoveQuote('offered', 'converted')).toBe(true);
    expect(canMoveQuote('accepted', 'converted')).toBe(true);
  });

  it('keeps a booked quote final, and lets a closed one get a fresh offer', () => {
    expect(quoteTransitions.converted).toEqual([]);
    expect(canMoveQuote('declined', 'offered')).toBe(true);
    expect(canMoveQuote('expired', 'offered')).toBe(true);
    expect(canMoveQuote('declined', 'accepted')).toBe(false);
    expect(canMoveQuote('new', 'accepted')).toBe(false);
  });

  it('lists only known statuses', () => {
    for (const s of quoteStatuses) for (const to of quoteTransitions[s]) expect(quoteStatuses).toContain(to);
  });
});
