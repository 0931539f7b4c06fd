import { fullStopAfter, INTL_LOCALE, type Locale } from '../../lib/i18n';
import { ENGLISH_PRICE_WORDS, type StartingPriceWords } from '../../lib/pricing';

/**
 * The widget's own words in each language the site speaks. An element speaks its page's language as
 * HTML says it (`lang` on the element or any ancestor, usually `<html lang="es">`), when the business
 * offers Spanish; the server answers its reads in the same language (`?lang=es`): product names,
 * prices, why a date is not free, and a checkout on the Spanish site. Kept here, not in the site's
 * message catalogs: the widget carries only these few words to another site's page.
 */
/** The booking site's own English price words, as much of them as a "from" price needs. */
const englishPriceWords: StartingPriceWords = { from: ENGLISH_PRICE_WORDS.from, each: ENGLISH_PRICE_WORDS.each, forUpTo: ENGLISH_PRICE_WORDS.forUpTo };

const english = {
  offline: 'We couldn’t reach the booking system. Check your connection and try again.',
  notSetUp: 'This site is not set up to show bookings.',
  addToCart: 'Add to cart',
  addToCartOf: (name: string) => `Add to cart: ${name}`,
  inCart: (name: string) => `${name} is in your cart.`,
  details: 'Details',
  partyDate: 'Party date',
  from: 'From',
  until: 'Until',
  checkDate: 'Check this date',
  chooseDateFirst: 'Choose the party date first.',
  endAfterStart: 'The end time must be after the start time.',
  freeOn: (when: string) => `Free on ${when}${fullStopAfter(when)}`,
  notFree: 'Not free then.',
  freeList: 'Free on your date',
  showFree: 'Show what’s free',
  freeCount: (count: number, date: string) => `${count} ${count === 1 ? 'rental' : 'rentals'} free on ${date}.`,
  nothingFree: 'Nothing is free then. Try another date.',
  checkOut: (count: number) => `Check out (${count})`,
  emptyCart: 'Your cart is empty',
  itemsHeading: (count: number) => `Your cart: ${count} ${count === 1 ? 'item' : 'items'}`,
  quantity: 'Quantity',
  quantityOf: (name: string) => `Quantity of ${name}`,
  remove: 'Remove',
  removeOf: (name: string) => `Remove: ${name}`,
  removed: (name: string) => `${name} is out of your cart.`,
  continueToCheckout: 'Continue to checkout',
  windowForgotten: 'We took that date and time out of your cart: choose them when you check out.',
  /** A price's words as the booking site's pages write them ("From $150 for up to 4 hours"). */
  priceWords: englishPriceWords,
  forQuantity: (quantity: number, amount: string) => `For ${quantity}: from ${amount}`,
  cartTotal: (amount: string) => `Total: from ${amount}`,
  exactAtCheckout: 'The exact price, with delivery and tax, is shown at checkout before you pay.',
};
/** Every language says the same things (a missing one fails tsc). */
export type WidgetWords = typeof english;

const spanish: WidgetWords = {
  offline: 'No pudimos comunicarnos con el sistema de reservaciones. Revise su conexión e intente de nuevo.',
  notSetUp: 'Este sitio no está configurado para mostrar reservaciones.',
  addToCart: 'Agregar al carrito',
  addToCartOf: (name) => `Agregar al carrito: ${name}`,
  inCart: (name) => `${name} está en su carrito.`,
  details: 'Detalles',
  partyDate: 'Fecha de la fiesta',
  from: 'Desde',
  until: 'Hasta',
  checkDate: 'Ver esta fecha',
  chooseDateFirst: 'Primero elija la fecha de la fiesta.',
  endAfterStart: 'La hora de terminar debe ser después de la hora de empezar.',
  freeOn: (when) => `Disponible el ${when}${fullStopAfter(when)}`,
  notFree: 'No está disponible en ese horario.',
  freeList: 'Disponible en su fecha',
  showFree: 'Ver lo disponible',
  freeCount: (count, date) => `${count} ${count === 1 ? 'renta disponible' : 'rentas disponibles'} el ${date}.`,
  nothingFree: 'No hay nada disponible en ese horario. Pruebe otra fecha.',
  checkOut: (count) => `Pagar (${count})`,
  emptyCart: 'Su carrito está vacío',
  itemsHeading: (count) => `Su carrito: ${count} ${count === 1 ? 'artículo' : 'artículos'}`,
  quantity: 'Cantidad',
  quantityOf: (name) => `Cantidad de ${name}`,
  remove: 'Quitar',
  removeOf: (name) => `Quitar: ${name}`,
  removed: (name) => `${name} ya no está en su carrito.`,
  continueToCheckout: 'Continuar al pago',
  windowForgotten: 'Quitamos esa fecha y hora de su carrito: elíjalas al pagar.',
  // The Spanish pages' own (the site's `catalog` messages; the words' test compares them), without their dictionary.
  priceWords: { from: 'desde', each: 'por unidad', forUpTo: { one: 'hasta por 1 hora', other: 'hasta por {count} horas' } },
  forQuantity: (quantity, amount) => `Por ${quantity}: desde ${amount}`,
  cartTotal: (amount) => `Total: desde ${amount}`,
  exactAtCheckout: 'El precio exacto, con la entrega y los impuestos, aparece en la página de pago antes de pagar.',
};

const WORDS: Record<Locale, WidgetWords> = { en: english, es: spanish };

export const widgetWords = (language: Locale): WidgetWords => WORDS[language];

/**
 * The element's language: its own `lang` or the nearest ancestor's, as HTML defines it. Spanish when
 * that says so ('es', 'es-MX') and the business offers Spanish; English otherwise.
 */
export function elementLanguage(element: Element, spanishOffered: boolean): Locale {
  return spanishOffered && pageSaysSpanish(element) ? 'es' : 'en';
}

/** Whether the element's page (or the element itself) is marked Spanish; the loader asks the same for its early reads. */
export const pageSaysSpanish = (element: Element): boolean =>
  /^es\b/i.test(element.closest('[lang]')?.getAttribute('lang') ?? '');

/** The party's day: "Saturday, March 14" / "sábado, 14 de marzo". */
export function partyDay(date: string, language: Locale): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(INTL_LOCALE[language], {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(y, m - 1, d));
}

const clock = (time: string, language: Locale) =>
  new Intl.DateTimeFormat(INTL_LOCALE[language], { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    Date.UTC(2000, 0, 1, Number(time.slice(0, 2)), Number(time.slice(3, 5))),
  );

/** "Saturday, March 14, 10:00 AM – 4:00 PM" / "sábado, 14 de marzo, 10:00 a.m. – 4:00 p.m.": the party's window as its fields give it. */
export const partyWhen = (window: { date: string; start: string; end: string }, language: Locale): string =>
  `${partyDay(window.date, language)}, ${clock(window.start, language)} – ${clock(window.end, language)}`;
