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

export function textKeyword(body: string): TextKeyword | null {
  const word = body.trim().replace(/[.!]+$/, '').trim().toUpperCase();
  return Object.hasOwn(KEYWORDS, word) ? KEYWORDS[word]! : null;
}
