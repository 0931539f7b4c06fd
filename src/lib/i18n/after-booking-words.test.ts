import { describe, expect, it } from 'vitest';
import { strings } from '../../../tests/support/strings';
import en from './messages/en.json';
import es from './messages/es.json';

/**
 * Issue #40: the words of /confirm-booking and /rain-check (and their /es/ twins), handed to their
 * islands as a prop. The English pages keep what they always said, byte for byte; the Spanish ones
 * leave no English word (names, numbers and amounts come from the booking).
 */
const ENGLISH = /(?<!\p{L})(the|your|you|and|booking|confirm|confirmed|request|rentals?|deposit|track|call|us|book|again|released|cancelled|choose|choice|credit|refund|rain check|party|weather|loading|saving|questions|paid|moved|page|JavaScript needs)(?!\p{L})/iu;

describe('the confirmation and rain-check pages’ words', () => {
  it('English: what the pages always said', () => {
    expect(en.confirmBooking.page).toEqual({
      title: 'Confirm Your Booking Request | {business}',
      description: 'Confirm the booking request you made on our website, so we keep your rentals for you.',
      heading: 'Confirm your booking request',
      lede: 'One click from your e-mail keeps your rentals reserved.',
      noScript: 'This page needs JavaScript. Call us at {phone} and we’ll confirm your booking with you.',
    });
    expect(en.confirmBooking.payBy).toBe('we keep your rentals for you until {deadline}. Pay the deposit by then to confirm the booking: from the tracking page, or call us.');
    expect(en.confirmBooking.released).toBe('It was not confirmed (or its deposit not paid) in time, so its rentals went back on sale. Nothing was charged.');
    expect(en.rainCheck.page).toEqual({
      title: 'Your Rain Check | {business}',
      description: 'Your party was called off for the weather: choose a new date, a credit or your money back.',
      heading: 'Your rain check',
      lede: 'The weather called your party off. Choose what suits you: you lose nothing.',
      noScript: 'This page needs JavaScript. Call us at {phone} with your booking number and we will sort it out with you.',
    });
    expect(en.rainCheck.settled.refund).toBe('You chose a refund. A card refund shows on your statement within 5–10 business days.');
    expect(en.rainCheck.chooseBy).toBe('Choose one by the end of {day}');
  });

  it('Spanish: every word in Spanish', () => {
    for (const [key, text] of [...strings(es.confirmBooking, 'confirmBooking'), ...strings(es.rainCheck, 'rainCheck')]) {
      expect(text.replace(/\{\w+\}/g, ''), key).not.toMatch(ENGLISH);
    }
  });

  it('a phone link stands where {phone} is, once, in both languages (the islands split the sentence there)', () => {
    for (const t of [en, es]) {
      for (const sentence of [t.confirmBooking.callToConfirm, t.confirmBooking.bookAgainIntro, t.rainCheck.questions]) {
        expect(sentence.split('{phone}'), sentence).toHaveLength(2);
      }
    }
  });
});
