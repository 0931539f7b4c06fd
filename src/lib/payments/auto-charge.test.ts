import { describe, expect, it } from 'vitest';
import { wallClockToInstant } from '../time';
import { autoChargeFrom, balanceToCharge, savedCardLabel, type AutoChargeFacts, type AutoChargeSettings } from './auto-charge';
import { autoChargeConsent, autoChargeDate } from '../booking';

const tz = 'America/New_York';
const settings: AutoChargeSettings = { timezone: tz, reminderSendTime: '09:00', autoChargeBalance: true, autoChargeDaysBefore: 2 };
const at = (date: string, time: string) => wallClockToInstant(date, time, tz);

describe('the charge date', () => {
  it('is N days before the event’s local date, not its UTC date', () => {
    // 21:00 on 14 March in New York is already 15 March in UTC.
    expect(autoChargeDate(at('2027-03-14', '21:00'), settings)).toBe('2027-03-12');
    expect(autoChargeDate(at('2027-03-14', '21:00'), { ...settings, autoChargeDaysBefore: 0 })).toBe('2027-03-14');
  });

  it('keeps the local send time across a daylight-saving change (UTC offset differs from the event’s)', () => {
    // Clocks go forward on 14 March 2027: the charge (13 March) is in EST, the event in EDT.
    const from = autoChargeFrom(at('2027-03-15', '10:00'), settings);
    expect(from.toISOString()).toBe('2027-03-13T14:00:00.000Z');
    // And back on 7 November 2027: the charge in EDT (UTC−4), the event in EST.
    expect(autoChargeFrom(at('2027-11-08', '10:00'), settings).toISOString()).toBe('2027-11-06T13:00:00.000Z');
  });

  it('is never later than the event (a party that starts before the send time on the charge day)', () => {
    const start = at('2027-06-05', '08:00');
    expect(autoChargeFrom(start, { ...settings, autoChargeDaysBefore: 0 })).toEqual(start);
  });
});

describe('what to charge', () => {
  const start = at('2027-06-05', '11:00');
  const facts: AutoChargeFacts = { status: 'confirmed', eventStart: start, eventEnd: at('2027-06-05', '17:00'), totalCents: 40_000, amountPaidCents: 10_000, paymentMethodId: 'pm_1', tried: [] };
  const chargeMoment = at('2027-06-03', '09:00');

  it('charges the whole balance from the charge moment, as the first attempt', () => {
    expect(balanceToCharge(facts, settings, new Date(chargeMoment.getTime() - 1))).toEqual({ charge: false, why: 'not_yet' });
    expect(balanceToCharge(facts, settings, chargeMoment)).toEqual({ charge: true, amountCents: 30_000, paidBeforeCents: 10_000, attempt: 1 });
  });

  it('charges nothing when off, without a card, not confirmed, paid, or after the party', () => {
    expect(balanceToCharge(facts, { ...settings, autoChargeBalance: false }, chargeMoment)).toMatchObject({ why: 'off' });
    expect(balanceToCharge({ ...facts, paymentMethodId: null }, settings, chargeMoment)).toMatchObject({ why: 'no_card' });
    expect(balanceToCharge({ ...facts, status: 'deposit_due' }, settings, chargeMoment)).toMatchObject({ why: 'not_confirmed' });
    expect(balanceToCharge({ ...facts, status: 'cancelled' }, settings, chargeMoment)).toMatchObject({ why: 'not_confirmed' });
    expect(balanceToCharge({ ...facts, amountPaidCents: 40_000 }, settings, chargeMoment)).toMatchObject({ why: 'paid' });
    expect(balanceToCharge({ ...facts, amountPaidCents: 45_000 }, settings, chargeMoment)).toMatchObject({ why: 'paid' });
    expect(balanceToCharge(facts, settings, facts.eventEnd)).toMatchObject({ why: 'over' });
  });

  it('never tries the same card for the same balance twice, and tries again when the card or the amount changes', () => {
    const declined = { ...facts, tried: [{ paymentMethodId: 'pm_1', amountCents: 30_000, paidBeforeCents: 10_000 }] };
    expect(balanceToCharge(declined, settings, chargeMoment)).toEqual({ charge: false, why: 'tried' });
    // A new card saved: the same balance on it.
    expect(balanceToCharge({ ...declined, paymentMethodId: 'pm_2' }, settings, chargeMoment)).toEqual({ charge: true, amountCents: 30_000, paidBeforeCents: 10_000, attempt: 2 });
    // An edit raised the total after a successful charge: the difference.
    const charged = { ...facts, totalCents: 45_000, amountPaidCents: 40_000, tried: declined.tried };
    expect(balanceToCharge(charged, settings, chargeMoment)).toEqual({ charge: true, amountCents: 5_000, paidBeforeCents: 40_000, attempt: 2 });
    // The same difference again after a second raise is a new balance (more was paid since).
    const again = { ...charged, totalCents: 50_000, amountPaidCents: 45_000, tried: [...charged.tried, { paymentMethodId: 'pm_1', amountCents: 5_000, paidBeforeCents: 40_000 }] };
    expect(balanceToCharge(again, settings, chargeMoment)).toEqual({ charge: true, amountCents: 5_000, paidBeforeCents: 45_000, attempt: 3 });
  });
});

describe('wording', () => {
  it('tells the customer the amount, the day and that they may pay another way', () => {
    expect(autoChargeConsent(30_000, '2027-06-03', 2)).toBe('We’ll save this card and charge the balance of $300 to it on Thursday, June 3, 2027 (2 days before your party). You can pay it another way before then.');
    expect(autoChargeConsent(1_050, '2027-06-05', 0)).toContain('$10.50 to it on Saturday, June 5, 2027 (on the day of your party)');
  });

  it('names the card for staff', () => {
    expect(savedCardLabel('visa', '4242')).toBe('Visa •••• 4242');
    expect(savedCardLabel('amex', null)).toBe('American Express');
    expect(savedCardLabel(null, null)).toBe('Card');
  });
});
