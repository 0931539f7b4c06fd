import { formatsFor, fullStopAfter, pluralOf, type Locale } from '../i18n';
import { formatClock, formatDayMonth } from '../time';

/**
 * Why a product cannot be had, in the reader's language: the sentences of every availability answer
 * (the product page's calendar, /at, the booking widget, a cart's lines, a refused booking). Written
 * here for each language rather than translated afterwards, because they carry the product's name (a
 * Spanish reader reads its Spanish name), a number of hours, clock times and dates, each of which a
 * language writes its own way. The admin, and every English page, read the English.
 */
export interface UnavailableWords {
  past: string;
  leadTime: (hours: number) => string;
  tooFar: (days: number) => string;
  /** 'HH:MM' local, the business's delivery window. */
  outsideHours: (from: string, until: string) => string;
  inactive: (name: string) => string;
  soldOut: (name: string) => string;
  notEnough: (freeCount: number) => string;
  /** A cart that wants more of a product (on its own and inside a package) than there are free. */
  notEnoughForCart: (freeCount: number, name: string, wanted: number) => string;
  /** A blackout's dates ('YYYY-MM-DD', inclusive) and the owner's reason; `name` null when the whole business is closed. */
  blackout: (dates: { startsOn: string; endsOn: string; reason: string }, name: string | null) => string;
}

const english: UnavailableWords = {
  past: 'That time has already passed. Choose a later date.',
  leadTime: (hours) => `We need at least ${hours === 1 ? '1 hour’s' : `${hours} hours’`} notice to deliver: choose a later date or call us.`,
  tooFar: (days) => `We take bookings up to ${pluralOf(days, { one: '{count} day', other: '{count} days' })} ahead. Choose an earlier date.`,
  outsideHours: (from, until) => `Events must fit between ${formatClock(from)} and ${formatClock(until)}.`,
  inactive: (name) => `Sorry, the ${name} is not available to book right now.`,
  soldOut: (name) => `Sorry, the ${name} is already booked for that time.`,
  notEnough: (freeCount) => `Only ${freeCount} left for that time.`,
  notEnoughForCart: (freeCount, name, wanted) => `Only ${freeCount} ${name} left for that time, and your cart needs ${wanted}.`,
  blackout: ({ startsOn, endsOn, reason }, name) => {
    const when = startsOn === endsOn ? `on ${formatDayMonth(startsOn)}` : `from ${formatDayMonth(startsOn)} to ${formatDayMonth(endsOn)}`;
    const why = reason.trim() ? ` (${reason.trim()})` : '';
    return name === null ? `We are closed ${when}${why}.` : `Sorry, the ${name} is not available ${when}${why}.`;
  },
};

// formatsFor is asked in each sentence, not once here: a call at the top would keep this module in
// every island that reaches the availability folder, whether it uses these words or not.
const es = () => formatsFor('es');
const spanish: UnavailableWords = {
  past: 'Esa hora ya pasó. Elija una fecha más adelante.',
  leadTime: (hours) => `Necesitamos al menos ${hours === 1 ? '1 hora' : `${hours} horas`} de aviso para entregar: elija una fecha más adelante o llámenos.`,
  tooFar: (days) => `Tomamos reservaciones hasta con ${pluralOf(days, { one: '{count} día', other: '{count} días' })} de anticipación. Elija una fecha más cercana.`,
  outsideHours: (from, until) => {
    const last = es().clock(until);
    return `Los eventos deben quedar entre las ${es().clock(from)} y las ${last}${fullStopAfter(last)}`;
  },
  inactive: (name) => `Lo sentimos, ${name} no se puede reservar en este momento.`,
  soldOut: (name) => `Lo sentimos, ${name} ya está reservado para ese horario.`,
  notEnough: (freeCount) => `Solo ${freeCount === 1 ? 'queda 1' : `quedan ${freeCount}`} para ese horario.`,
  notEnoughForCart: (freeCount, name, wanted) =>
    `Solo ${freeCount === 1 ? 'queda 1' : `quedan ${freeCount}`} de ${name} para ese horario, y su carrito necesita ${wanted}.`,
  blackout: ({ startsOn, endsOn, reason }, name) => {
    const when = startsOn === endsOn ? `el ${es().dayMonth(startsOn)}` : `del ${es().dayMonth(startsOn)} al ${es().dayMonth(endsOn)}`;
    const why = reason.trim() ? ` (${reason.trim()})` : '';
    return name === null ? `Estamos cerrados ${when}${why}.` : `Lo sentimos, ${name} no está disponible ${when}${why}.`;
  },
};

const WORDS: Record<Locale, UnavailableWords> = { en: english, es: spanish };

/** The sentences in a language (English when none is given: the admin's and every English page's). */
export const unavailableWords = (language: Locale = 'en'): UnavailableWords => WORDS[language];

