import { AppError } from '../http';
import { type ErrorCatalog, formatsFor, type Locale, translateError, translateErrorNaming } from '../i18n';
import { siteChargeInSpanish, siteWordsInSpanish, type SpanishNames } from '../site-check';

/*
 * The words the server writes into a price for a Spanish checkout (issue #40): the setup spot's price
 * lines and refusals, the coupon's and the area's messages, each line's availability and the cart's
 * problem. They are made in English on every path (the staff screens read the same price); a Spanish
 * page's request (X-Page-Language) gets them through here. The price rows' own names (delivery, tax,
 * deposit...) are the checkout's words, already in the page's language. A message the checkout's own
 * script also shows (an unanswered setup question) is in the server's catalog instead, which the browser has.
 */
const QUOTE_MESSAGES_ES: ErrorCatalog = {
  'That coupon code can’t be used.': 'Ese cupón no se puede usar.',
  'This coupon needs an order of at least {amount}.': 'Este cupón requiere un pedido de al menos {amount}.',
  'You’ve tried several coupon codes. Please wait an hour before trying another.': 'Ya probó varios cupones. Por favor espere una hora antes de probar otro.',
  'Orders delivered to this area start at {amount}.': 'Los pedidos con entrega en esta zona empiezan en {amount}.',
  'The discounts are more than the whole order.': 'Los descuentos son mayores que todo el pedido.',
  'An online booking can have at most {n} different products. Please remove some, or call us at {phone} for a bigger event.':
    'Una reservación en línea puede tener como máximo {n} productos distintos. Quite algunos, o llámenos al {phone} para un evento más grande.',
  'An online booking can take at most {n} of one product. Please lower the quantity, or call us at {phone} for more.':
    'Una reservación en línea puede llevar como máximo {n} de un mismo producto. Baje la cantidad, o llámenos al {phone} para más.',
  'There’s no outlet in reach and our {name} is booked for that time. Choose a spot within {n} ft of an outlet, or another date.':
    'No hay un enchufe al alcance y nuestro {name} está reservado para ese horario. Elija un lugar a menos de {n} pies de un enchufe, u otra fecha.',
  'There’s no outlet in reach and your rentals need {needed} generators, but only 1 {name} is free for that time. Choose a spot within {n} ft of an outlet, or another date.':
    'No hay un enchufe al alcance y sus rentas necesitan {needed} generadores, pero solo hay 1 {name} libre en ese horario. Elija un lugar a menos de {n} pies de un enchufe, u otra fecha.',
  'There’s no outlet in reach and your rentals need {needed} generators, but only {free} {name} units are free for that time. Choose a spot within {n} ft of an outlet, or another date.':
    'No hay un enchufe al alcance y sus rentas necesitan {needed} generadores, pero solo hay {free} unidades de {name} libres en ese horario. Elija un lugar a menos de {n} pies de un enchufe, u otra fecha.',
};

/** A priced quote's own shape, as far as its words go. */
interface QuoteWords {
  lines: { reason: string | null }[];
  coupon: { code: string | null; error: string | null };
  siteCharges: { label: string; reason: string; cents: number }[];
  site: { refusals: { message: string }[] };
  minimumOrderError: string | null;
  problem: string | null;
}

/**
 * One of the words the server writes into a price (a line's availability, the cart's problem) in the
 * page's language: English as it is; Spanish from the messages above, the site's words and the server
 * catalog. A customer's own move prices the same way (src/lib/customer-changes).
 */
export function priceWordInLanguage(message: string, language: Locale, serverCatalog: ErrorCatalog | null, names?: SpanishNames): string {
  if (language === 'en') return message;
  // The product a message above names (`{name}`: the generator) by its Spanish name, as the page's lines name it.
  const named = (placeholder: string, value: string) => (placeholder === 'name' ? (names?.get(value) ?? value) : value);
  return siteWordsInSpanish(translateError(translateErrorNaming(message, QUOTE_MESSAGES_ES, named), serverCatalog), names);
}

/**
 * A booking refused with the price's words (the setup spot's refusals, a 400 at their fields, as
 * `placeable` throws them) in the page's language; any other error as it was. The handler translates
 * the rest through the server's catalog, but not the setup spot's sentences, which name the product.
 */
export function refusalInLanguage(error: unknown, language: Locale, serverCatalog: ErrorCatalog | null, names?: SpanishNames): unknown {
  if (language === 'en' || !(error instanceof AppError) || error.code !== 'validation') return error;
  const say = (message: string) => priceWordInLanguage(message, language, serverCatalog, names);
  return new AppError(error.code, say(error.message), Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [field, say(message)])));
}

/**
 * The server's words of a price in the page's language (priceWordInLanguage for each). `names`: the
 * cart's products' Spanish names, for the setup spot's lines and refusals, which checkSite writes with
 * the English ones (the page's lines show the Spanish).
 */
export function quoteInLanguage<Q extends QuoteWords>(quote: Q, language: Locale, serverCatalog: ErrorCatalog | null, names?: SpanishNames): Q {
  if (language === 'en') return quote;
  const say = (message: string | null) => (message === null ? null : priceWordInLanguage(message, language, serverCatalog, names));
  return {
    ...quote,
    lines: quote.lines.map((l) => ({ ...l, reason: say(l.reason) })),
    coupon: { ...quote.coupon, error: say(quote.coupon.error) },
    siteCharges: quote.siteCharges.map((charge) => siteChargeInSpanish(charge, names)),
    // The refusals as the problem is said: checkSite's sentences and those made beside it (the generator booked for that time).
    site: { ...quote.site, refusals: quote.site.refusals.map((r) => ({ ...r, message: say(r.message)! })) },
    minimumOrderError: say(quote.minimumOrderError),
    problem: say(quote.problem),
  };
}

/** The auto-charge consent a Spanish checkout shows (English: autoChargeConsent's). */
export function autoChargeConsentEs(balanceCents: number, chargeOn: string, daysBefore: number | null, currency = 'usd'): string {
  const f = formatsFor('es');
  const ahead = daysBefore === null ? '' : daysBefore === 0 ? ' (el día de su fiesta)' : ` (${daysBefore} ${daysBefore === 1 ? 'día' : 'días'} antes de su fiesta)`;
  return `Guardaremos esta tarjeta y le cobraremos el saldo de ${f.money(balanceCents, currency)} el ${f.longDate(chargeOn)}${ahead}. Puede pagarlo de otra forma antes de esa fecha.`;
}
