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

/** Why the change-or-cancel card is closed, and a cancellation refused: English as the page always said it. */
describe('why a change or a cancellation is refused', () => {
  it('English: the words the tracking page always showed', () => {
    const w = MOVE_WORDS.en;
    expect(w.closedStatus('cancelled', '(512) 555-0100')).toBe('A booking that is cancelled can’t be changed online. Call us at (512) 555-0100.');
    expect(w.closedCutoff(48, '(512) 555-0100')).toBe('Changes online close 48 hours before your event. To move or cancel now, call us at (512) 555-0100.');
    expect(w.rainedOut).toBe('Your party was rained out: choose a credit or your money back on your rain check page (the link in our e-mail).');
    expect(w.termsChanged('credit')).toBe(
      'While this page was open, your booking passed a limit of the cancellation policy: your deposit now becomes a credit. Nothing is cancelled yet: check what you get back now and confirm again.',
    );
  });

  it('Spanish: no English word left', () => {
    const w = MOVE_WORDS.es;
    const ENGLISH = /(?<!\p{L})(the|your|booking|cancelled|online|hours|call|us|nothing|deposit|credit|refund|policy|party|rain|page)(?!\p{L})/iu;
    const texts = [
      ...(['hold', 'out_for_delivery', 'delivered', 'completed', 'cancelled', 'expired'] as const).map((s) => w.closedStatus(s, '(512) 555-0100')),
      w.closedCutoff(48, '(512) 555-0100'),
      w.rainedOut,
      ...(['refund', 'credit', 'none'] as const).map((t) => w.termsChanged(t)),
    ];
    for (const text of texts) expect(text).not.toMatch(ENGLISH);
    expect(w.closedStatus('cancelled', '(512) 555-0100')).toBe('Una reservación en estado «cancelada» no se puede cambiar en línea. Llámenos al (512) 555-0100.');
  });
});

describe('a cut-off of one hour', () => {
  it('says "1 hour" / "1 hora", not "1 hours" / "1 horas"', () => {
    expect(MOVE_WORDS.en.cutoff(1, '(512) 555-0100')).toBe('Online, the new date must be at least 1 hour away. For anything sooner, call us at (512) 555-0100.');
    expect(MOVE_WORDS.en.closedCutoff(1, '(512) 555-0100')).toBe('Changes online close 1 hour before your event. To move or cancel now, call us at (512) 555-0100.');
    expect(MOVE_WORDS.es.cutoff(1, '(512) 555-0100')).toBe('En línea, la nueva fecha debe quedar al menos a 1 hora de ahora. Para algo más pronto, llámenos al (512) 555-0100.');
    expect(MOVE_WORDS.es.closedCutoff(1, '(512) 555-0100')).toBe('Los cambios en línea cierran 1 hora antes de su evento. Para cambiar o cancelar ahora, llámenos al (512) 555-0100.');
  });
});
