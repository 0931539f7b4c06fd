import { listOf } from './offer-words';
import type { ServiceArea } from './types';
import type { Locale } from '../i18n';

/**
 * How the public pages speak of the service area as a whole. Built from the business's own towns,
 * so the same page reads right for a business with no town yet (before the setup), one town or
 * fifty; nothing here is written for one business. Callers pass the towns in the order they want
 * named first (the home page: nearest first). Each takes the page's language (issue #40); the Spanish
 * words are written beside the English ones because the grammar differs, not only the words.
 */

type Town = Pick<ServiceArea, 'city'>;

/** "1 town", "8 towns", "0 towns". */
export function countOf(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Up to this many towns are all named; more are counted and the first few named. */
const NAMED_TOWNS = 4;
const EXAMPLE_TOWNS = 3;

/**
 * Where the crew goes, to follow "delivers" or "delivered and set up": "in Meridian" (one town),
 * "in 8 towns around Boise" (several), or null while there is no service area (say nothing rather
 * than "0 cities").
 */
export function deliveryReach(towns: ReadonlyArray<Town>, homeCity: string, locale: Locale = 'en'): string | null {
  if (towns.length === 0) return null;
  if (locale === 'es') return towns.length === 1 ? `en ${towns[0]!.city}` : `en ${countOf(towns.length, 'ciudad', 'ciudades')} alrededor de ${homeCity}`;
  if (towns.length === 1) return `in ${towns[0]!.city}`;
  return `in ${countOf(towns.length, 'town', 'towns')} around ${homeCity}`;
}

/**
 * The home page's sentence about the service area: every town named while there are few, else the
 * count and the first few towns as examples. With none, what a visitor can do instead.
 */
export function servedTownsSentence(towns: ReadonlyArray<Town>, locale: Locale = 'en'): string {
  const few = towns.length <= NAMED_TOWNS;
  if (locale === 'es') {
    if (towns.length === 0) return 'Todavía no publicamos nuestra zona de entrega: llámenos para preguntar por su dirección.';
    return `${few ? 'Entregamos en' : 'Atendemos'} ${townsList(towns, locale)}.`;
  }
  if (towns.length === 0) return 'Our delivery area is not published yet: call us to ask about your address.';
  return `${few ? 'We deliver to' : 'We serve'} ${townsList(towns, locale)}.`;
}

/**
 * Some of the towns, to follow "in" (the home page's free-delivery towns): every town named while there
 * are few, "Columbus, Dublin and Hilliard"; else the count and the first few in the order given, "12 towns,
 * among them Columbus, Dublin and Hilliard", so a radius with dozens of free towns stays one line.
 */
export function townsList(towns: ReadonlyArray<Town>, locale: Locale = 'en'): string {
  const names = towns.map((t) => t.city);
  if (locale === 'es') {
    if (names.length <= NAMED_TOWNS) return listOf(names, 'y');
    return `${countOf(names.length, 'ciudad', 'ciudades')}, entre ellas ${listOf(names.slice(0, EXAMPLE_TOWNS), 'y')}`;
  }
  if (names.length <= NAMED_TOWNS) return listOf(names);
  return `${countOf(names.length, 'town', 'towns')}, among them ${listOf(names.slice(0, EXAMPLE_TOWNS))}`;
}

/**
 * The label of the link to the service-area page: "All 8 service areas and fees", "Our service area
 * and fees" for one, "Service areas and fees" for none (never "All 0" nor "All 1").
 * `withFees`: the link also promises the fees.
 */
export function serviceAreasLinkLabel(count: number, options: { withFees?: boolean } = {}, locale: Locale = 'en'): string {
  if (locale === 'es') {
    const cargos = options.withFees ? ' y sus cargos' : '';
    if (count === 0) return `Zonas de servicio${cargos}`;
    if (count === 1) return `Nuestra zona de servicio${cargos}`;
    return `Las ${count} zonas de servicio${cargos}`;
  }
  const fees = options.withFees ? ' and fees' : '';
  if (count === 0) return `Service areas${fees}`;
  if (count === 1) return `Our service area${fees}`;
  return `All ${count} service areas${fees}`;
}
