import { describe, expect, it } from 'vitest';
import { MOVE_WORDS } from './move-words';

/** Issue #40: a customer's own move refused in the page's language; English as it always was. */
describe('why a move is refused', () => {
  it('English: the words the move always answered', () => {
    const w = MOVE_WORDS.en;
    expect(w.sameWindow).toBe('That is your booking’s date and time already: choose another.');
    expect(w.rainCheckUntil('2027-02-06')).toBe('Your rain check moves the party free to any day until Saturday, February 6, 2027: choose a day until then.');
    expect(w.cutoff(48, '(512) 555-0100')).toBe('Online, the new date must be at least 48 hours away. For anything sooner, call us at (512) 555-0100.');
    expect(w.nothingChanged('Sorry, the Pink Castle is already booked for that time.')).toBe(
      'Sorry, the Pink Castle is already booked for that time. Nothing has changed: your booking is as it was.',
    );
  });

  it('Spanish: in Spanish, the date too', () => {
    const w = MOVE_WORDS.es;
    const ENGLISH = /(?<!\p{L})(the|your|booking|choose|until|online|hours|call|us|nothing|changed|rain check|party)(?!\p{L})/iu;
    for (const text of [w.sameWindow, w.rainCheckUntil('2027-02-06'), w.cutoff(48, '(512) 555-0100'), w.nothingChanged('')]) expect(text).not.toMatch(ENGLISH);
    expect(w.rainCheckUntil('2027-02-06')).toContain('sábado, 6 de febrero de 2027');
  });
});
