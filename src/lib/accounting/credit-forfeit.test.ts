import { describe, expect, it } from 'vitest';
import { businessClock } from '../time';
import { creditForfeit } from './credit-forfeit';

describe('creditForfeit', () => {
  // Its own clock, in the business's zone: 2027-03-10 10:00 in Chicago.
  const clock = businessClock('America/Chicago', new Date('2027-03-10T16:00:00Z'));

  it('an expired credit is forfeited on its last day', () => {
    expect(creditForfeit({ expires_on: '2027-03-01', voided_at: null }, clock)).toEqual({ expired: true, date: '2027-03-01' });
  });

  it('a credit voided before its last day passed is voided on the void’s day, in the business’s zone', () => {
    // 03:00 UTC on the 5th is still the 4th in Chicago.
    expect(creditForfeit({ expires_on: '2027-06-30', voided_at: new Date('2027-03-05T03:00:00Z') }, clock)).toEqual({ expired: false, date: '2027-03-04' });
    expect(creditForfeit({ expires_on: null, voided_at: new Date('2027-03-05T18:00:00Z') }, clock)).toEqual({ expired: false, date: '2027-03-05' });
  });

  it('voided on its last day it was still spendable, so it is a void; voided after it, it had already expired', () => {
    expect(creditForfeit({ expires_on: '2027-03-04', voided_at: new Date('2027-03-04T20:00:00Z') }, clock)).toEqual({ expired: false, date: '2027-03-04' });
    expect(creditForfeit({ expires_on: '2027-03-01', voided_at: new Date('2027-03-04T20:00:00Z') }, clock)).toEqual({ expired: true, date: '2027-03-01' });
  });
});
