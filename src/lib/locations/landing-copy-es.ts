import { formatMoney } from '../money';
import type { Product } from '../catalog';
import { startingPrice, startingPriceLabel, type PriceWords } from '../pricing';
import type { BusinessSettings } from '../business';
import { type OfferSummary, listOf, perOfferMemo } from './offer-words';
import { isHomeCity, type LandingCity } from './landing-cities';
import type { CopySection, LandingCopyInput } from './landing-copy';
import type { LandingService } from './landing-pages';

/**
 * The Spanish landing copy (issue #40), beside the English one in landing-copy.ts: the same facts, each
 * sentence written as a Spanish speaker would say it (the grammar differs, not only the words, so this
 * is not the English run through a dictionary). A town's own notes (its ground, its summer) are the
 * content file's words, in English until the file has a Spanish twin: a section hands them over apart
 * (`notes`) for the page to mark lang="en". Product names are shown as the business stored them.
 *
 * The words it needs from the Spanish dictionary (price lengths, surfaces) are passed in once per build
 * (spanishCopyWords): no page loads a dictionary, and the words that repeat across towns are made once
 * per offer, as the English ones are.
 */

export interface SpanishCopyWords {
  price: PriceWords;
  surfaces: Readonly<Record<Product['surfaces'][number], string>>;
}

/** A section of Spanish copy and the town's own notes (English) that go with it. */
export interface SpanishCopySection extends CopySection {
  notes: string[];
}

/** A town's own notes in Spanish: its content file's Spanish twin (src/content/es/cities), when it has one. */
export interface TownNotesEs {
  terrain: string | null;
  summerNote: string | null;
}

/** A town note as the Spanish copy shows it: its Spanish words, else the English ones apart (`notes`) to be marked. */
function townNote(spanish: string | null | undefined, english: string | null): { paragraphs: string[]; notes: string[] } {
  if (spanish) return { paragraphs: [`${spanish}.`], notes: [] };
  return { paragraphs: [], notes: english ? [`${english}.`] : [] };
}

const ES = 'es-US';
const money = (cents: number, currency: string) => formatMoney(cents, currency, ES);
const days = (n: number) => `${n} ${n === 1 ? 'día' : 'días'}`;
const hoursOf = (n: number) => `${n} ${n === 1 ? 'hora' : 'horas'}`;
const y = (items: ReadonlyArray<string>) => listOf(items, 'y');
const o = (items: ReadonlyArray<string>) => listOf(items, 'o');
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** One or several things do something: "necesita" / "necesitan". */
const verb = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** ", a unos 25 minutos de {town}" or ''. */
function aboutMinutesFrom(city: Pick<LandingCity, 'city' | 'driveMinutes'>): string {
  return city.driveMinutes === null ? '' : `, a unos ${city.driveMinutes} minutos de ${city.city}`;
}

/** "{town} está a unos 20 minutos de nuestra bodega en {base}, en el condado de {county}." */
export function distanceSentenceEs(city: LandingCity, settings: Pick<BusinessSettings, 'addressCity' | 'addressState'>): string {
  if (isHomeCity(city, settings)) {
    return city.driveMinutes === null
      ? `Nuestra bodega está en ${city.city}, así que las fiestas en ${city.city} quedan cerca para nuestro equipo.`
      : `Nuestra bodega está en ${city.city}, así que la mayoría de las direcciones de ${city.city} están a unos ${city.driveMinutes} minutos.`;
  }
  const county = city.county ? `, en el condado de ${city.county}` : '';
  if (city.driveMinutes === null) return `Entregamos en ${city.city} desde nuestra bodega en ${settings.addressCity}${county}.`;
  const miles = city.miles !== null && !city.hasContent ? ` (unas ${Math.round(city.miles)} millas)` : '';
  return `${city.city} está a unos ${city.driveMinutes} minutos${miles} de nuestra bodega en ${settings.addressCity}${county}.`;
}

/** "La entrega a {town} cuesta {fee} por reservación, y no hay pedido mínimo." */
export function deliverySentenceEs(city: LandingCity, currency = 'usd'): string {
  const fee =
    city.deliveryFeeCents === 0
      ? `La entrega dentro de ${city.city} es gratis`
      : `La entrega a ${city.city} cuesta ${money(city.deliveryFeeCents, currency)} por reservación`;
  const minimum =
    city.minimumOrderCents === 0
      ? 'no hay pedido mínimo'
      : `los pedidos con entrega a ${city.city} empiezan en ${money(city.minimumOrderCents, currency)} antes de entrega e impuestos`;
  return `${fee}, y ${minimum}.`;
}

/**
 * How early a cake must be ordered, before "la fiesta" or "su fiesta" (cakeOrderBy in English): at 0 days
 * checkCakeDate takes a cake for today, where "al menos 0 días antes" would say nothing.
 */
const cakeOrderByEs = (leadTimeDays: number): string => (leadTimeDays === 0 ? 'hasta el mismo día de' : `al menos ${days(leadTimeDays)} antes de`);

/** The opening paragraph: what we bring, from what price, how far, what delivery costs. */
export function landingLedeEs({ service, city, offer, settings }: LandingCopyInput, words: SpanishCopyWords): string {
  const currency = settings.currency;
  const cheapest = offer.products[0];
  const sentences: string[] = [];
  if (service.kind === 'cake') {
    sentences.push(`Nuestros pasteles se hornean por pedido en ${settings.addressCity}: haga su pedido ${cakeOrderByEs(settings.cakeLeadTimeDays)} su fiesta en ${city.city}.`);
    if (cheapest) sentences.push(`Hay ${offer.products.length} pasteles para elegir, desde ${money(cheapest.basePriceCents, currency)}.`);
    sentences.push(
      isHomeCity(city, settings)
        ? `Recójalo en nuestra bodega en ${city.city}, o pida que se lo llevemos con una reservación de renta; la entrega dentro de ${city.city} es gratis.`
        : `Recójalo en nuestra bodega${aboutMinutesFrom(city)}, o pida que se lo llevemos con una reservación de renta por el cargo de entrega a ${city.city} de ${money(city.deliveryFeeCents, currency)}.`,
    );
    return sentences.join(' ');
  }
  if (cheapest) {
    const from = startingPriceLabel(startingPrice(cheapest), currency, words.price);
    sentences.push(
      offer.products.length === 1
        ? `Llevamos ${cheapest.name} a ${city.city}, ${from}.`
        : `Llevamos ${offer.products.length} ${service.noun} a ${city.city}, ${from}.`,
    );
  }
  const designs = offer.products.filter((p) => p.tracksInventory).length;
  if (offer.units > designs && designs > 1) {
    sentences.push(`Tenemos ${offer.units} unidades de estos ${designs} diseños en servicio, así que los más populares vienen en más de una copia.`);
  }
  sentences.push(distanceSentenceEs(city, settings));
  sentences.push(deliverySentenceEs(city, currency));
  return sentences.join(' ');
}

// The paragraphs that are the same in every town of a service, made once per offer.
const onceForOffer = perOfferMemo();

/** Products grouped by a key, in the order of their first product (cheapest first). */
function groups<K>(products: ReadonlyArray<Product>, keyOf: (p: Product) => K): [K, Product[]][] {
  const found = new Map<K, Product[]>();
  for (const p of products) found.set(keyOf(p), [...(found.get(keyOf(p)) ?? []), p]);
  return [...found.entries()];
}

export function spaceParagraphEs(offer: OfferSummary, service: Pick<LandingService, 'kind'>): string | null {
  const { smallest, largest } = offer;
  if (!smallest) return null;
  const feet = (f: { lengthFt: number; widthFt: number }) => `${trim(f.lengthFt)} × ${trim(f.widthFt)} pies`;
  if (!largest) return `${smallest.product.name} necesita un área plana de ${feet(smallest)}.`;
  const measure = service.kind === 'rental' ? ' Mida su patio antes de reservar, incluido el paso desde la calle.' : '';
  return `${smallest.product.name} es el que menos espacio necesita, un área plana de ${feet(smallest)}; ${largest.product.name} necesita ${feet(largest)}.${measure}`;
}

function trim(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

function surfacesParagraph(offer: OfferSummary, city: LandingCity, words: SpanishCopyWords): string | null {
  const grounds = onceForOffer(offer, 'surfaces', () => {
    const physical = offer.products.filter((p) => p.surfaces.some((s) => s !== 'indoor'));
    if (physical.length === 0) return null;
    const byGround = groups(physical, (p) => p.surfaces.filter((s) => s !== 'indoor').join(','));
    return byGround
      .map(([key, members]) => {
        const surfaces = key.split(',') as Product['surfaces'];
        const hardOnly = !surfaces.includes('concrete') && !surfaces.includes('asphalt');
        const where = `sobre ${o(surfaces.map((s) => words.surfaces[s]))}${hardOnly ? ' solamente, nunca sobre concreto ni asfalto' : ''}`;
        if (byGround.length === 1 && members.length > 1) return `Todos se instalan ${where}.`;
        return `${y(members.map((p) => p.name))} ${verb(members.length, 'se instala', 'se instalan')} ${where}.`;
      })
      .join(' ');
  });
  if (grounds === null) return null;
  const parts = grounds ? [grounds] : [];
  if (offer.indoor.length > 0) {
    const some = offer.indoor.length < offer.products.length;
    const which = some ? `Bajo techo podemos instalar ${y(offer.indoor.map((p) => p.name))}.` : 'Todos se pueden instalar bajo techo.';
    parts.push(city.venues.length > 0 ? `Para una fiesta bajo techo en un lugar como ${city.venues[0]}, revise antes las reglas del lugar. ${which}` : which);
  }
  return parts.join(' ');
}

export function powerParagraphEs(offer: OfferSummary, service: Pick<LandingService, 'kind'>, generator: Product | undefined, currency: string): string | null {
  return onceForOffer(offer, `power|${service.kind}|${generator?.id ?? ''}|${currency}`, () => {
    const powered = offer.products.filter((p) => p.outletsRequired > 0);
    if (powered.length === 0) return null;
    // Blowers come with a cord that reaches 50 ft; a package's outlets feed different items.
    const inflatable = service.kind === 'rental';
    const outlets = (p: Product) =>
      p.outletsRequired === 1
        ? `un contacto normal${inflatable ? ' a menos de 50 pies' : ''}`
        : p.packageItems.length > 0
          ? `${p.outletsRequired} contactos`
          : `${p.outletsRequired} contactos en circuitos separados`;
    const byOutlets = groups(powered, outlets);
    const parts = byOutlets.map(([need, members]) =>
      byOutlets.length === 1 && members.length === offer.products.length && members.length > 1
        ? `Cada uno necesita ${need}.`
        : `${y(members.map((p) => p.name))} ${verb(members.length, 'necesita', 'necesitan')} ${need}.`,
    );
    const noPower = offer.noPower.filter((p) => p.id !== generator?.id);
    if (noPower.length > 0) parts.push(`${y(noPower.map((p) => p.name))} no ${verb(noPower.length, 'necesita', 'necesitan')} electricidad.`);
    if (generator && !offer.products.some((p) => p.id === generator.id)) {
      parts.push(`¿No hay contacto donde quiere hacer la fiesta? Agregue ${generator.name} por ${money(generator.basePriceCents, currency)}.`);
    }
    return parts.join(' ');
  });
}

/** "Todos necesitan" / "Splash Zone necesita": the subject of the garden-hose sentence. */
export function wetSubjectEs(offer: OfferSummary): string {
  if (offer.wet.length === offer.products.length && offer.wet.length > 1) return 'Todos necesitan';
  return `${y(offer.wet.map((p) => p.name))} ${verb(offer.wet.length, 'necesita', 'necesitan')}`;
}

export function parkQuestionEs(service: Pick<LandingService, 'kind'>): string {
  return service.kind === 'rental' ? 'si allí se permiten inflables y electricidad' : 'qué puede instalar allí y si hay electricidad';
}

function parksParagraph(city: LandingCity, service: LandingService): string | null {
  if (city.parks.length === 0) return null;
  const where = city.neighbourhoods.length
    ? ` ¿En casa, en ${o(city.neighbourhoods.slice(0, 3))} u otro vecindario con asociación de propietarios (HOA)? Revise sus reglas para el jardín del frente antes del día de la fiesta.`
    : '';
  const reserve = service.kind === 'cake' ? '' : ` Primero reserve su lugar con quien administre el parque y pregunte ${parkQuestionEs(service)}.`;
  return `¿Fiesta en un parque? Algunos lugares populares de ${city.city} son ${y(city.parks)}.${reserve}${where}`;
}

/** The "setting up here" sections, as landingSections writes them in English; `town`: the town's notes in Spanish. */
export function landingSectionsEs(input: LandingCopyInput, words: SpanishCopyWords, town?: TownNotesEs): SpanishCopySection[] {
  const { service, city, offer, settings, generator } = input;
  const currency = settings.currency;
  const sections: SpanishCopySection[] = [];
  const section = (heading: string, paragraphs: string[], notes: string[] = []) => sections.push({ heading, paragraphs, notes });
  if (service.kind === 'cake') {
    section(`Cómo llega su pastel a ${city.city}`, [
      `Haga su pedido ${cakeOrderByEs(settings.cakeLeadTimeDays)} su fiesta y avísenos de cualquier alergia al pedirlo.`,
      isHomeCity(city, settings)
        ? `Puede recogerlo en ${settings.addressLine1}, ${settings.addressCity}. ¿También reserva un brincolín o una resbaladilla? El pastel llega en la misma entrega, gratis dentro de ${city.city}.`
        : `Puede recogerlo en ${settings.addressLine1}, ${settings.addressCity}${aboutMinutesFrom(city)}. ¿También reserva un brincolín o una resbaladilla? El pastel llega en la misma entrega, y el cargo de entrega a ${city.city} de ${money(city.deliveryFeeCents, currency)} se cobra una vez por reservación.`,
      ...(city.minimumOrderCents > 0 ? [`Los pedidos con entrega a ${city.city} empiezan en ${money(city.minimumOrderCents, currency)} antes de entrega e impuestos.`] : []),
    ]);
    const park = parksParagraph(city, service);
    if (park) section(`Dónde celebra ${city.city}`, [park]);
    return sections;
  }

  const room = [spaceParagraphEs(offer, service), surfacesParagraph(offer, city, words)].filter((p): p is string => p !== null);
  if (room.length) section(`Espacio para instalar en ${city.city}`, room);

  if (service.kind === 'rental') {
    const ground = townNote(town?.terrain, city.terrain);
    section(
      `El terreno en ${city.city}`,
      [
        ...ground.paragraphs,
        // The English note says whether the town's ground needs sandbags or anchors (the fact, in one language).
        city.terrain && /sandbag|anchor/i.test(city.terrain)
          ? `Cuéntenos cómo es su lugar en ${city.city} cuando reserve, y cargamos las anclas correctas.`
          : offer.products.some((p) => p.surfaces.includes('concrete'))
            ? `Fijamos los inflables con estacas en el pasto y con sacos de arena en superficies duras, así que cuéntenos cómo es su lugar en ${city.city} cuando reserve.`
            : `Los fijamos con estacas en el pasto, así que cuéntenos cómo es su lugar en ${city.city} cuando reserve.`,
      ],
      ground.notes,
    );
  }

  if (offer.wet.length > 0) {
    const hose =
      offer.wet.length === offer.products.length
        ? 'Todos funcionan con una manguera de jardín que llegue a una llave a menos de unos 75 pies, así que planee el lugar cerca de su llave de afuera.'
        : `${capitalize(y(offer.wet.map((p) => p.name)))} ${verb(offer.wet.length, 'usa', 'usan')} agua y ${verb(offer.wet.length, 'necesita', 'necesitan')} una manguera de jardín que llegue a una llave a menos de unos 75 pies.`;
    const summer = townNote(town?.summerNote, city.summerNote);
    section(`Diversión con agua en el verano de ${city.city}`, [...summer.paragraphs, hose], summer.notes);
  }

  const power = powerParagraphEs(offer, service, generator, currency);
  if (power) section('Electricidad', [power]);

  const park = parksParagraph(city, service);
  if (park) section(`Fiestas en los parques de ${city.city}`, [park]);
  return sections;
}

/** Meta description, at most 160 characters: the least important clause goes first when it is too long. */
export function landingDescriptionEs(input: LandingCopyInput, words: SpanishCopyWords): string {
  const { service, city, offer, settings } = input;
  const currency = settings.currency;
  const from = offer.from === null ? '' : ` ${startingPriceLabel(offer.from, currency, words.price)}`;
  const fee = city.deliveryFeeCents === 0 ? 'entrega gratis' : `entrega: ${money(city.deliveryFeeCents, currency)}`;
  const where = `${city.city}, ${city.state}`;
  const drive = city.driveMinutes === null ? '' : `, a unos ${city.driveMinutes} minutos de nuestra bodega en ${settings.addressCity}`;
  const candidates = [
    `${service.headline} en ${where}${from}, ${fee}${drive}. Reserve en línea o llame al ${settings.phone}.`,
    `${service.headline} en ${where}${from}, ${fee}${drive}. Reserve en línea.`,
    `${service.headline} en ${where}${from}, ${fee}. Reserve en línea.`,
    `${service.headline} en ${where}.`,
  ];
  return candidates.find((c) => c.length <= 160) ?? candidates[candidates.length - 1]!.slice(0, 160);
}

export { cakeOrderByEs, hoursOf as hoursEs };
