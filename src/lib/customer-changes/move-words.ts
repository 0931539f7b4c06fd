import { formatsFor, type Locale } from '../i18n';
import { formatLongDate } from '../time';

/*
 * Why a customer's own move is refused, in the language of the page they move it from (issue #40:
 * /es/track-order's change or cancel sends X-Page-Language). English is exactly what the move always
 * answered; a word missing in Spanish fails `tsc`. The messages with a date are written here rather
 * than in the server's catalog, which would leave the date in English.
 */
export interface MoveWords {
  sameWindow: string;
  /** A rain check's free move goes to any day until `lastDay` (the business's calendar). */
  rainCheckUntil: (lastDay: string) => string;
  cutoff: (hours: number, phone: string) => string;
  /** After the engine's own refusal, already in the page's language. */
  nothingChanged: (refusal: string) => string;
}

const en: MoveWords = {
  sameWindow: 'That is your booking’s date and time already: choose another.',
  rainCheckUntil: (lastDay) => `Your rain check moves the party free to any day until ${formatLongDate(lastDay)}: choose a day until then.`,
  cutoff: (hours, phone) => `Online, the new date must be at least ${hours} hours away. For anything sooner, call us at ${phone}.`,
  nothingChanged: (refusal) => `${refusal} Nothing has changed: your booking is as it was.`,
};

const es: MoveWords = {
  sameWindow: 'Esa ya es la fecha y hora de su reservación: elija otra.',
  rainCheckUntil: (lastDay) => `Con su crédito por lluvia, la fiesta se cambia sin costo a cualquier día hasta el ${formatsFor('es').longDate(lastDay)}: elija un día hasta entonces.`,
  cutoff: (hours, phone) => `En línea, la nueva fecha debe quedar al menos a ${hours} horas de ahora. Para algo más pronto, llámenos al ${phone}.`,
  nothingChanged: (refusal) => `${refusal} No cambió nada: su reservación sigue igual.`,
};

export const MOVE_WORDS: Record<Locale, MoveWords> = { en, es };
