import { describe, expect, it } from 'vitest';
import { canMoveQuote, quoteStatuses, quoteTransitions } from './quote-request-status';

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
