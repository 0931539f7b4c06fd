import type { Locale } from '../i18n';

/**
 * The words a person texts to stop, resume or ask for help: the standard opt-out keywords carriers and
 * Twilio honour (https://help.twilio.com/articles/223134027). The whole message is the keyword, in any
 * case, with spaces and a final full stop or exclamation mark ignored ("Stop", " STOP! "); a sentence
 * that merely contains one ("please don't stop by") is not.
 */
export type TextKeyword = 'stop' | 'start' | 'help';

const KEYWORDS: Record<string, TextKeyword> = {
  STOP: 'stop',
  STOPALL: 'stop',
  UNSUBSCRIBE: 'stop',
  CANCEL: 'stop',
  END: 'stop',
  QUIT: 'stop',
  START: 'start',
  YES: 'start',
  UNSTOP: 'start',
  HELP: 'help',
  INFO: 'help',
};

/**
 * The same in Spanish (issue #40), for customers who read Spanish first: written without accents, as
 * many phones type them ("SI" and "SÍ" are one word here). Twilio's own opt-out list is English: a
 * Spanish STOP is honoured by our outbox (recordStop), which sends nothing more to the number.
 */
const SPANISH_KEYWORDS: Record<string, TextKeyword> = {
  ALTO: 'stop',
  PARAR: 'stop',
  PARE: 'stop',
  DETENER: 'stop',
  BAJA: 'stop',
  CANCELAR: 'stop',
  INICIAR: 'start',
  COMENZAR: 'start',
  SI: 'start',
  AYUDA: 'help',
};

/** The whole message as a keyword is compared: trimmed, final full stops and exclamation marks dropped, upper case, no accents. */
const asWord = (body: string) =>
  body
    .trim()
    .replace(/^[¡!]+/, '')
    .replace(/[.!]+$/, '')
    .trim()
    .toUpperCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

export function textKeyword(body: string): TextKeyword | null {
  const word = body.trim().replace(/[.!]+$/, '').trim().toUpperCase();
  if (Object.hasOwn(KEYWORDS, word)) return KEYWORDS[word]!;
  const spanish = asWord(body);
  return Object.hasOwn(SPANISH_KEYWORDS, spanish) ? SPANISH_KEYWORDS[spanish]! : null;
}

/** The language a keyword was texted in: the help reply answers in it. */
export const keywordLanguage = (body: string): Locale => (Object.hasOwn(SPANISH_KEYWORDS, asWord(body)) ? 'es' : 'en');
