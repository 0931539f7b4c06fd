import { describe, expect, it } from 'vitest';
import { textKeyword } from './keywords';

describe('text keywords', () => {
  it('knows every stop, start and help word, in any case, with spaces and a final stop', () => {
    for (const w of ['STOP', 'stop', ' Stop ', 'STOPALL', 'unsubscribe', 'Cancel', 'END', 'quit', 'STOP.', 'stop!']) expect(textKeyword(w), w).toBe('stop');
    for (const w of ['START', 'yes', 'Unstop']) expect(textKeyword(w), w).toBe('start');
    for (const w of ['HELP', 'info', 'Help.']) expect(textKeyword(w), w).toBe('help');
  });

  it('a message that only contains a keyword is not one', () => {
    for (const w of ['please stop by at 5', 'yes please', 'STOP IT', 'help me find the gate', '', 'cancelled', 'STO P']) expect(textKeyword(w), w).toBeNull();
  });
});
