import { describe, expect, it } from 'vitest';
import { answerByWords, answerDeadline, lastDayOfDeadline, lastDayToAnswer, rainCheckChoices, rainOutBody } from './rain-outs';

describe('the time to answer a rain-out', () => {
  it('ends with the last day on the business’s clock, and reads as the end of that day for staff and customers alike', () => {
    // Rained out on Saturday Jan 23, 2027; 14 days to answer: the last day is Saturday Feb 6.
    const lastDay = lastDayToAnswer('2027-01-23', 14);
    expect(lastDay).toBe('2027-02-06');
    const deadline = answerDeadline('2027-01-23', 14, 'America/Chicago');
    // Stored as the instant the day ends: midnight of Feb 7 in Chicago (UTC−6).
    expect(deadline.toISOString()).toBe('2027-02-07T06:00:00.000Z');
    // Read back on the business's clock, it is still Feb 6, whatever zone the server runs in.
    expect(lastDayOfDeadline(deadline, 'America/Chicago')).toBe('2027-02-06');
    expect(lastDayOfDeadline(deadline, 'Pacific/Auckland')).not.toBe('2027-02-06');
    expect(answerByWords(lastDayOfDeadline(deadline, 'America/Chicago'))).toBe('the end of Saturday, February 6, 2027');
  });

  it('keeps the last day across a change of the clocks', () => {
    // Rained out Mar 1, 2027, 14 days: the last day (Mar 15) follows the start of daylight time (Mar 14).
    const deadline = answerDeadline('2027-03-01', 14, 'America/New_York');
    expect(deadline.toISOString()).toBe('2027-03-16T04:00:00.000Z');
    expect(lastDayOfDeadline(deadline, 'America/New_York')).toBe('2027-03-15');
  });
});

describe('a rain-out’s date', () => {
  // The day after 9999-12-31 is no date: the fuzzer's 9999-12-31 was a 500 from the day's end.
  it('is refused outside the years a date may be given in, at the field', () => {
    const refused = rainOutBody.safeParse({ date: '9999-12-31', offers: ['credit'] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['date'], message: 'Choose a date between 1900 and 2999' });
    expect(rainOutBody.safeParse({ date: '2027-06-30', offers: ['credit'] }).success).toBe(true);
  });
});

describe('a rained-out party’s choices', () => {
  it.each([
    [['move', 'credit', 'refund'], 12_500, [['move', 'move'], ['credit', 'credit'], ['refund', 'refund']]],
    [['refund', 'credit', 'move'], 12_500, [['move', 'move'], ['credit', 'credit'], ['refund', 'refund']]],
    // Nothing paid: nothing to keep or give back, so one choice, answered as the credit where one is offered.
    [['move', 'credit', 'refund'], 0, [['move', 'move'], ['credit', 'cancel']]],
    [['refund'], 0, [['refund', 'cancel']]],
    [['move'], 0, [['move', 'move']]],
  ] as const)('%j with %i paid', (offers, paid, expected) => {
    expect(rainCheckChoices(offers, paid).map(({ offer, choice }) => [offer, choice])).toEqual(expected);
  });
});

