import type { BookingStatus } from '../booking';
import { formatsFor, pluralOf, type Locale } from '../i18n';
import type { CancellationOutcome } from '../changes';
import { INVOICE_WORDS } from '../invoices';
import { formatLongDate } from '../time';

// The owner's cut-off may be a single hour: "1 hour", "1 hora", never "1 hours".
const hoursEn = (hours: number) => pluralOf(hours, { one: '{count} hour', other: '{count} hours' });
const hoursEs = (hours: number) => pluralOf(hours, { one: '{count} hora', other: '{count} horas' });

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
  /** Why the change-or-cancel card is closed: the booking's status, or the owner's cut-off before the event. */
  closedStatus: (status: BookingStatus, phone: string) => string;
  closedCutoff: (hours: number, phone: string) => string;
  /** A cancellation refused: the party was rained out (its rain check decides), or the policy's tier changed. */
  rainedOut: string;
  termsChanged: (tier: CancellationOutcome['tier']) => string;
  /** A cake ordered with the booking is past its last day to change (`lastDay`, the business's calendar): the party stays on its date online. */
  cakeLocked: (cake: string, lastDay: string, phone: string) => string;
  /** The new date leaves too little time to bake the cake ordered with the booking. */
  cakeTooSoon: (cake: string, days: number, phone: string) => string;
}

const en: MoveWords = {
  sameWindow: 'That is your booking’s date and time already: choose another.',
  rainCheckUntil: (lastDay) => `Your rain check moves the party free to any day until ${formatLongDate(lastDay)}: choose a day until then.`,
  cutoff: (hours, phone) => `Online, the new date must be at least ${hoursEn(hours)} away. For anything sooner, call us at ${phone}.`,
  nothingChanged: (refusal) => `${refusal} Nothing has changed: your booking is as it was.`,
  closedStatus: (status, phone) => `A booking that is ${INVOICE_WORDS.en.statuses[status].toLowerCase()} can’t be changed online. Call us at ${phone}.`,
  closedCutoff: (hours, phone) => `Changes online close ${hoursEn(hours)} before your event. To move or cancel now, call us at ${phone}.`,
  rainedOut: 'Your party was rained out: choose a credit or your money back on your rain check page (the link in our e-mail).',
  termsChanged: (tier) =>
    `While this page was open, your booking passed a limit of the cancellation policy: ${
      tier === 'refund' ? 'you now get a full refund' : tier === 'credit' ? 'your deposit now becomes a credit' : 'the deposit is no longer refunded'
    }. Nothing is cancelled yet: check what you get back now and confirm again.`,
  cakeLocked: (cake, lastDay, phone) =>
    `Your cake order ${cake} could be changed free of charge until ${formatLongDate(lastDay)}, and we have started on it, so the party can’t be moved online. Call us at ${phone}.`,
  cakeTooSoon: (cake, days, phone) =>
    `We need ${days} ${days === 1 ? 'day' : 'days'} to bake your cake order ${cake}: choose a later date, or call us at ${phone}.`,
};

const es: MoveWords = {
  sameWindow: 'Esa ya es la fecha y hora de su reservación: elija otra.',
  rainCheckUntil: (lastDay) => `Con su crédito por lluvia, la fiesta se cambia sin costo a cualquier día hasta el ${formatsFor('es').longDate(lastDay)}: elija un día hasta entonces.`,
  cutoff: (hours, phone) => `En línea, la nueva fecha debe quedar al menos a ${hoursEs(hours)} de ahora. Para algo más pronto, llámenos al ${phone}.`,
  nothingChanged: (refusal) => `${refusal} No cambió nada: su reservación sigue igual.`,
  closedStatus: (status, phone) => `Una reservación en estado «${INVOICE_WORDS.es.statuses[status].toLowerCase()}» no se puede cambiar en línea. Llámenos al ${phone}.`,
  closedCutoff: (hours, phone) => `Los cambios en línea cierran ${hoursEs(hours)} antes de su evento. Para cambiar o cancelar ahora, llámenos al ${phone}.`,
  rainedOut: 'Su fiesta se canceló por lluvia: elija un crédito o la devolución de su dinero en la página de su crédito por lluvia (el enlace de nuestro correo).',
  termsChanged: (tier) =>
    `Mientras esta página estaba abierta, su reservación pasó un límite de la política de cancelación: ${
      tier === 'refund' ? 'ahora recibe un reembolso completo' : tier === 'credit' ? 'su depósito ahora se convierte en crédito' : 'el depósito ya no se reembolsa'
    }. Todavía no se canceló nada: revise lo que recibe ahora y confirme de nuevo.`,
  cakeLocked: (cake, lastDay, phone) =>
    `Su pedido de pastel ${cake} se podía cambiar sin costo hasta el ${formatsFor('es').longDate(lastDay)} y ya empezamos a prepararlo, así que la fiesta no se puede cambiar de fecha en línea. Llámenos al ${phone}.`,
  cakeTooSoon: (cake, days, phone) =>
    `Necesitamos ${days} ${days === 1 ? 'día' : 'días'} para hornear su pedido de pastel ${cake}: elija una fecha posterior o llámenos al ${phone}.`,
};

export const MOVE_WORDS: Record<Locale, MoveWords> = { en, es };
