import { customerMessage, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
import { formatsFor, type Locale } from '../i18n';
import { formatLongDate } from '../time';
import type { NotifiableCakeStatus } from '../booking';

export interface CakeNoticeInput {
  number: string;
  name: string;
  email: string;
  /** The cake's name in the notice's language (its Spanish name for a Spanish order, where it has one). */
  product: string;
  neededOn: string;
  fulfilment: 'pickup' | 'delivery';
  bookingNumber: string | null;
  /** The language of the page the cake was ordered on (issue #40): the notice is written in it. */
  language?: Locale;
}

/** The notice's words in each language: English is exactly what it always said. */
interface CakeNoticeWords {
  subject: Record<NotifiableCakeStatus, (number: string) => string>;
  hi: (first: string) => string;
  delivered: (product: string, bookingNumber: string | null) => string;
  readyToPickUp: (product: string, day: string, address: string) => string;
  readyWithDelivery: (product: string, bookingNumber: string | null, day: string) => string;
  questions: (phone: string, number: string) => string;
  rows: { order: string; cake: string; date: string };
}

const WORDS: Record<Locale, CakeNoticeWords> = {
  en: {
    subject: { ready: (n) => `Your cake ${n} is ready`, delivered: (n) => `Your cake ${n} has been delivered` },
    hi: (first) => `Hi ${first},`,
    delivered: (product, booking) => `Your ${product} has been delivered${booking ? ` with your party rental ${booking}` : ''}. Enjoy the party!`,
    readyToPickUp: (product, day, address) => `Your ${product} is ready to pick up for ${day}. Our address: ${address}.`,
    readyWithDelivery: (product, booking, day) => `Your ${product} is ready and will come with ${booking ? `your party rental ${booking}` : 'your delivery'} on ${day}.`,
    questions: (phone, n) => `Questions? Call us at ${phone} and quote ${n}.`,
    rows: { order: 'Cake order', cake: 'Cake', date: 'Date' },
  },
  es: {
    subject: { ready: (n) => `Su pastel ${n} está listo`, delivered: (n) => `Su pastel ${n} fue entregado` },
    hi: (first) => `Hola, ${first}:`,
    delivered: (product, booking) => `Entregamos su ${product}${booking ? ` con su renta para fiesta ${booking}` : ''}. ¡Disfrute la fiesta!`,
    readyToPickUp: (product, day, address) => `Su ${product} está listo para recoger el ${day}. Nuestra dirección: ${address}.`,
    readyWithDelivery: (product, booking, day) => `Su ${product} está listo y llegará con ${booking ? `su renta para fiesta ${booking}` : 'su entrega'} el ${day}.`,
    questions: (phone, n) => `¿Preguntas? Llámenos al ${phone} y mencione el pedido ${n}.`,
    rows: { order: 'Pedido de pastel', cake: 'Pastel', date: 'Fecha' },
  },
};

/** To the customer when staff move a cake to ready or delivered and tick "E-mail the customer"; in the order's language. */
export function cakeStatusEmail(order: CakeNoticeInput, status: NotifiableCakeStatus, settings: BusinessSettings): RenderedEmail {
  const language = order.language ?? 'en';
  const w = WORDS[language];
  // English keeps the date format the notice always had.
  const day = language === 'en' ? formatLongDate(order.neededOn) : formatsFor(language).longDate(order.neededOn);
  const first = order.name.split(/\s+/)[0] ?? order.name;
  const body =
    status === 'delivered'
      ? w.delivered(order.product, order.bookingNumber)
      : order.fulfilment === 'pickup'
        ? w.readyToPickUp(order.product, day, `${settings.addressLine1}, ${settings.addressCity}`)
        : w.readyWithDelivery(order.product, order.bookingNumber, day);
  const paragraphs = [w.hi(first), body, w.questions(settings.phone, order.number)];
  const rows: [string, string][] = [
    [w.rows.order, order.number],
    [w.rows.cake, order.product],
    [w.rows.date, day],
  ];
  return customerMessage(settings, order.email, w.subject[status](order.number), paragraphs, rows, { language });
}
