import type { BusinessSettings } from '../business';
import type { Locale } from '../i18n';
import { fillWording, type WordingValues } from './message-rules';

/*
 * The words of the messages a customer gets (issue #26) in the booking's language (issue #40). English:
 * exactly what they always said, with the owner's wording from the settings. Spanish: the shipped
 * Spanish wording below (the owner's wording is written in English and edited in the English admin);
 * a word missing in Spanish fails `tsc` (Spanish is typed as the English).
 */

const en = {
  hi: (firstName: string) => `Hi ${firstName},`,
  hello: 'Hi,',
  questions: (phone: string) => `Questions? ${phone}`,
  needUs: (phone: string) => `Need us? Call ${phone}.`,
  yourBooking: (url: string) => `Your booking: ${url}`,
  onTheWaySubject: (number: string) => `On the way: your party rental ${number}`,
  reviewSubject: (date: string) => `How did we do? Your party on ${date}`,
  great: 'Great!',
  greatText: 'Great:',
  notGreat: 'Not so great: tell us privately what went wrong:',
  notGreatText: 'Not great:',
  nextParty: (url: string) => `Planning the next party? ${url}`,
  unsubscribe: (url: string) => `Don’t want messages like this? Unsubscribe: ${url}`,
  cartSubject: (date: string) => `Your cart is saved: party rentals for ${date}`,
  backToCart: (url: string) => `Back to your cart: ${url}`,
  pricesChecked: 'Prices and availability are checked again when you open it.',
  estimatedTotal: 'Estimated total',
  /** The arrival window between two clock times: '9:00 AM and 10:00 AM'. */
  window: (from: string, until: string) => `${from} and ${until}`,
};

export type MessageWords = typeof en;

const es: MessageWords = {
  hi: (firstName) => `Hola, ${firstName}:`,
  hello: 'Hola:',
  questions: (phone) => `¿Preguntas? ${phone}`,
  needUs: (phone) => `¿Nos necesita? Llame al ${phone}.`,
  yourBooking: (url) => `Su reservación: ${url}`,
  onTheWaySubject: (number) => `En camino: su renta para fiesta ${number}`,
  reviewSubject: (date) => `¿Qué tal lo hicimos? Su fiesta del ${date}`,
  great: '¡Muy bien!',
  greatText: 'Muy bien:',
  notGreat: 'No tan bien: cuéntenos en privado qué salió mal:',
  notGreatText: 'No tan bien:',
  nextParty: (url) => `¿Planea la próxima fiesta? ${url}`,
  unsubscribe: (url) => `¿No quiere recibir mensajes como este? Cancele la suscripción: ${url}`,
  cartSubject: (date) => `Su carrito está guardado: renta para fiesta del ${date}`,
  backToCart: (url) => `Volver a su carrito: ${url}`,
  pricesChecked: 'Los precios y la disponibilidad se revisan de nuevo al abrirlo.',
  estimatedTotal: 'Total estimado',
  window: (from, until) => `las ${from} y las ${until}`,
};

export const MESSAGE_WORDS: Record<Locale, MessageWords> = { en, es };

type Wording = 'dayBeforeWording' | 'onTheWayWording' | 'reviewRequestWording' | 'cartReminderWording';

/** The shipped Spanish of the owner's four wordings, with the same placeholders as the English defaults. */
export const SPANISH_WORDING: Record<Wording, string> = {
  dayBeforeWording: 'Su fiesta es mañana. Nuestro equipo llegará entre {window} para instalar todo.',
  onTheWayWording: 'Nuestro equipo va en camino para instalar su renta para fiesta. Hora estimada de llegada: {eta}.',
  reviewRequestWording: '¡Gracias por celebrar con {business}! Esperamos que su fiesta haya sido un gran día. ¿Qué tal lo hicimos?',
  cartReminderWording: 'Dejó artículos de renta para fiesta en su carrito de {business}. Su carrito está guardado: continúe donde se quedó.',
};

/** The wording a message starts from in a language: the owner's in English, the shipped Spanish in Spanish. */
export const wordingIn = (settings: Pick<BusinessSettings, Wording>, which: Wording, language: Locale): string =>
  language === 'es' ? SPANISH_WORDING[which] : settings[which];

/** A message's wording in a language with its placeholders filled in: the business's name, and the values the message has. */
export const filledWording = (
  settings: Pick<BusinessSettings, Wording | 'businessName'>,
  which: Wording,
  language: Locale,
  values: Omit<WordingValues, 'business'>,
): string => fillWording(wordingIn(settings, which, language), { business: settings.businessName, ...values });
