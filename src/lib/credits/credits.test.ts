import { describe, expect, it } from 'vitest';
import { availableCredit, creditExpiry, creditExpiryProblem, creditExpiryWords, creditState, issueCreditBody, type CreditLine } from './credits';

const line = (over: Partial<CreditLine>): CreditLine => ({ id: 'c', reason: 'goodwill', amountCents: 5000, remainingCents: 5000, expiresOn: '2027-06-30', voidedAt: null, ...over });

describe('credits', () => {
  it('a credit is spendable through its last day, then expired; used up or voided whatever the day', () => {
    expect(creditState(line({}), '2027-06-30')).toBe('available');
    expect(creditState(line({}), '2027-07-01')).toBe('expired');
    expect(creditState(line({ expiresOn: null }), '2099-01-01')).toBe('available');
    expect(creditState(line({ remainingCents: 0 }), '2027-01-01')).toBe('used');
    expect(creditState(line({ voidedAt: '2027-01-01T00:00:00Z' }), '2027-01-01')).toBe('void');
  });

  it('adds up what can be spent today and names the first day part of it expires', () => {
    const credits = [
      line({ id: 'a', remainingCents: 2000, expiresOn: '2027-09-01' }),
      line({ id: 'b', remainingCents: 1500, expiresOn: '2027-03-01' }),
      line({ id: 'c', remainingCents: 900, expiresOn: null }),
      line({ id: 'd', remainingCents: 700, expiresOn: '2026-12-31' }),
      line({ id: 'e', voidedAt: '2027-01-02T00:00:00Z' }),
    ];
    expect(availableCredit(credits, '2027-01-15')).toEqual({ availableCents: 4400, nextExpiry: '2027-03-01', nextExpiryCents: 1500 });
    expect(availableCredit([line({ expiresOn: null })], '2027-01-15')).toEqual({ availableCents: 5000, nextExpiry: null, nextExpiryCents: 0 });
    expect(availableCredit([], '2027-01-15')).toEqual({ availableCents: 0, nextExpiry: null, nextExpiryCents: 0 });
  });

  it('says "until" a day when all of the credit ends that day, and how much when only part of it does', () => {
    const today = '2027-01-15';
    // Two credits ending the same day: all of it ends then.
    const sameDay = availableCredit([line({ id: 'a', remainingCents: 5000, expiresOn: '2028-01-23' }), line({ id: 'b', remainingCents: 3038, expiresOn: '2028-01-23' })], today);
    expect(creditExpiryWords(sameDay)).toBe('until Jan 23, 2028');
    // One ends sooner, the other later or never: only that part ends on the first day.
    expect(creditExpiryWords(availableCredit([line({ id: 'a', remainingCents: 2000, expiresOn: '2027-03-01' }), line({ id: 'b', remainingCents: 6038, expiresOn: '2027-09-01' })], today))).toBe(
      '$20 of it until Mar 1, 2027',
    );
    expect(creditExpiryWords(availableCredit([line({ id: 'a', remainingCents: 2050, expiresOn: '2027-03-01' }), line({ id: 'b', remainingCents: 900, expiresOn: null })], today))).toBe(
      '$20.50 of it until Mar 1, 2027',
    );
    // A used-up credit ending sooner is not "part of it".
    expect(creditExpiryWords(availableCredit([line({ id: 'a', remainingCents: 0, expiresOn: '2027-02-01' }), line({ id: 'b', remainingCents: 8038, expiresOn: '2028-01-23' })], today))).toBe(
      'until Jan 23, 2028',
    );
    expect(creditExpiryWords(availableCredit([line({ expiresOn: null })], today))).toBeNull();
    expect(creditExpiryWords(availableCredit([], today))).toBeNull();
  });

  it('lasts the policy’s months from the day it is given', () => {
    expect(creditExpiry('2026-11-27', 12)).toBe('2027-11-27');
    expect(creditExpiry('2027-08-31', 6)).toBe('2028-02-29');
  });

  it('reads the staff form: upper-case booking numbers, no expiry unless given', () => {
    expect(issueCreditBody.parse({ amountCents: 100, reason: 'rain_check', note: 'Storm', bookingNumber: ' pf-7k3q9x ' })).toEqual({
      amountCents: 100,
      reason: 'rain_check',
      note: 'Storm',
      expiresOn: null,
      bookingNumber: 'PF-7K3Q9X',
    });
    expect(issueCreditBody.safeParse({ amountCents: 100, reason: 'goodwill', note: 'Late', expiresOn: '30/06/2027' }).error?.issues[0]?.message).toBe('Use a date like 2027-06-30');
  });
});

describe('a credit’s last day chosen by staff', () => {
  // The business's today is the rule's own clock: these hold whatever day and hour the tests run.
  it('may be today, and at most 5 years after it', () => {
    expect(creditExpiryProblem('2026-12-06', '2026-12-06')).toBeNull();
    expect(creditExpiryProblem('2031-12-06', '2026-12-06')).toBeNull();
    expect(creditExpiryProblem('2031-12-07', '2026-12-06')).toBe('Choose an expiry within 5 years');
    expect(creditExpiryProblem('9999-12-31', '2026-12-06')).toBe('Choose an expiry within 5 years');
  });

  it('is never in the past', () => {
    expect(creditExpiryProblem('2026-12-05', '2026-12-06')).toBe('Choose today or a later day');
  });

  it('counts 5 years in the calendar: from a leap day, the last day of February', () => {
    expect(creditExpiryProblem('2033-02-28', '2028-02-29')).toBeNull();
    expect(creditExpiryProblem('2033-03-01', '2028-02-29')).toBe('Choose an expiry within 5 years');
  });

  it('is as far as the policy’s longest credit months go', () => {
    expect(creditExpiryProblem(creditExpiry('2026-12-06', 60), '2026-12-06')).toBeNull();
  });
});
