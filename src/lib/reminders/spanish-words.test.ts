import { describe, expect, it } from 'vitest';
import { BOOKING_WORDS } from '../booking';
import { MESSAGE_WORDS, SPANISH_WORDING } from '../customer-messages';
import { INVOICE_WORDS } from '../invoices/invoice-words';
import { REMINDER_WORDS } from './reminder-words';

/**
 * Issue #40: every word a customer receives about a booking has its Spanish (tsc already fails on a
 * missing key: each catalog is typed by its English), and no Spanish message leaves English words in.
 * Each word is filled with sample values, as the e-mails, texts and the invoice fill them.
 */
const ENGLISH = /\b(the|your|you|and|booking|please|call us|when|where|deposit|balance|party|waiver|invoice|payment|refund|thank|questions|tomorrow|track|change|cancel|hello|hi|paid|due|delivery)\b/i;
// Words both languages write the same.
const SAME = new Set(['Subtotal', 'Total']);
const FORMATS = new Set(['pdfLanguage', 'money', 'longDate']);

/** Every string a catalog makes, by its path, with sample values for its placeholders. */
function rendered(words: unknown, path = ''): [string, string][] {
  if (typeof words === 'string') return [[path, words]];
  if (typeof words === 'function') return [[path, String((words as (...a: unknown[]) => unknown)('ARG1', 'ARG2', 'ARG3', 'ARG4', 'ARG5'))]];
  // Formats and tags are checked below, not as words.
  if (words && typeof words === 'object') return Object.entries(words).filter(([k]) => !FORMATS.has(k)).flatMap(([k, v]) => rendered(v, path ? `${path}.${k}` : k));
  return [];
}

const catalogs = { booking: BOOKING_WORDS, reminders: REMINDER_WORDS, messages: MESSAGE_WORDS, invoice: INVOICE_WORDS } as const;

describe('what a customer receives, in Spanish', () => {
  for (const [name, catalog] of Object.entries(catalogs)) {
    it(`${name}: every word has its Spanish, with no English left in it`, () => {
      const english = new Map(rendered(catalog.en));
      const spanish = rendered(catalog.es).filter(([path]) => !path.startsWith('surfaces'));
      expect(spanish.length).toBeGreaterThan(5);
      for (const [path, text] of spanish) {
        expect(text.trim(), path).not.toBe('');
        expect(text, path).not.toMatch(/undefined|\{\w+\}/);
        expect(text.replace(/ARG\d/g, ''), path).not.toMatch(ENGLISH);
        if (!SAME.has(text)) expect(text, `${path} is the English`).not.toBe(english.get(path));
      }
    });
  }

  it('the shipped Spanish of the owner’s wordings keeps their placeholders and no English', () => {
    expect(SPANISH_WORDING.dayBeforeWording).toContain('{window}');
    expect(SPANISH_WORDING.onTheWayWording).toContain('{eta}');
    for (const text of Object.values(SPANISH_WORDING)) expect(text.replace(/\{\w+\}/g, '')).not.toMatch(ENGLISH);
  });

  it('money, dates and clock times in the booking’s language', () => {
    expect(INVOICE_WORDS.es.money(123450)).toBe('$1,234.50');
    expect(INVOICE_WORDS.es.longDate('2027-07-04')).toBe('domingo, 4 de julio de 2027');
    expect(INVOICE_WORDS.en.longDate('2027-07-04')).toBe('Sunday, July 4, 2027');
  });
});
