import { formatMoney } from '../money';
import type { Product } from '../catalog';
import { startingPrice, startingPriceLabel } from '../pricing';
import type { BusinessSettings } from '../business';
import { type OfferSummary, formatFootprint, listOf, perOfferMemo, plural, summarizeOffer, surfaceWords } from './offer-words';
import { aboutMinutesFrom, deliverySentence, distanceSentence, isHomeCity } from './landing-cities';
import { type LandingPage, type LandingService } from './landing-pages';
import { type LandingCity } from './landing-cities';

/**
 * A landing page's words: its lede, its sections and its description, written from the facts of the
 * service, the town and the business. Each sentence comes from data, so it reads right for any catalog.
 */

export interface CopySection {
  heading: string;
  paragraphs: string[];
}

export interface LandingCopyInput {
  service: LandingService;
  city: LandingCity;
  offer: OfferSummary;
  settings: BusinessSettings;
  /** A generator to suggest when a party spot has no outlet, if we rent one. */
  generator?: Product | undefined;
}

// A build passes the same catalog to each of its thousands of pages: what a service offers, and the
// generator, are worked out once per catalog and service, not once per page (sorting and filtering the
// catalog was a per-page cost of the 20,000 pages of a 10,000-landing-page build).
const catalogFacts = new WeakMap<ReadonlyArray<Product>, { offers: Map<string, OfferSummary>; generator: Product | undefined }>();

/** What the copy of one service × city page is written from, out of the build's catalog and settings. */
export function landingCopyInput(page: Pick<LandingPage, 'service' | 'city'>, products: ReadonlyArray<Product>, settings: BusinessSettings): LandingCopyInput {
  const { service, city } = page;
  let facts = catalogFacts.get(products);
  if (!facts) {
    facts = { offers: new Map(), generator: products.find((p) => p.pricingUnit === 'each' && /generator/i.test(p.name)) };
    catalogFacts.set(products, facts);
  }
  let offer = facts.offers.get(service.slug);
  if (!offer) {
    offer = summarizeOffer(products.filter((p) => p.categorySlug === service.slug));
    facts.offers.set(service.slug, offer);
  }
  return { service, city, offer, settings, generator: service.kind === 'cake' ? undefined : facts.generator };
}

/**
 * How early a cake must be ordered, before "the party" or "your party": checkCakeDate takes a cake for
 * today with a lead time of 0, where "at least 0 days before" would say nothing.
 */
export const cakeOrderBy = (leadTimeDays: number): string => (leadTimeDays === 0 ? 'as late as the day of' : `at least ${plural(leadTimeDays, 'day', 'days')} before`);

/** The opening paragraph: what we bring, from what price, how far, what delivery costs. */
export function landingLede({ service, city, offer, settings }: LandingCopyInput): string {
  const currency = settings.currency;
  const cheapest = offer.products[0];
  const sentences: string[] = [];
  if (service.kind === 'cake') {
    sentences.push(
      `Our cakes are baked to order in ${settings.addressCity}: order ${cakeOrderBy(settings.cakeLeadTimeDays)} your ${city.city} party.`,
    );
    if (cheapest) sentences.push(`There are ${offer.products.length} cakes to choose from, starting at ${formatMoney(cheapest.basePriceCents, currency)}.`);
    sentences.push(
      isHomeCity(city, settings)
        ? `Pick yours up at our ${city.city} warehouse, or have it delivered with a rental booking; delivery within ${city.city} is free.`
        : `Pick yours up at our warehouse${aboutMinutesFrom(city)}, or have it delivered with a rental booking for the ${city.city} delivery fee of ${formatMoney(city.deliveryFeeCents, currency)}.`,
    );
    return sentences.join(' ');
  }
  if (cheapest) {
    const from = startingPriceLabel(startingPrice(cheapest), currency);
    sentences.push(
      offer.products.length === 1
        ? `We deliver our ${cheapest.name} to ${city.city}, ${from}.`
        : `We deliver ${offer.products.length} ${service.noun} to ${city.city}, ${from}.`,
    );
  }
  const designs = offer.products.filter((p) => p.tracksInventory).length;
  if (offer.units > designs && designs > 1) {
    sentences.push(`We keep ${offer.units} units of these ${designs} designs in service, so the popular ones come in more than one copy.`);
  }
  sentences.push(distanceSentence(city, settings));
  sentences.push(deliverySentence(city, currency));
  return sentences.join(' ');
}

/**
 * Groups products by a key and words each group: the biggest group is "most" (or "each one"
 * when it is everything), the rest are named.
 */
function groupedSentences<K>(
  products: ReadonlyArray<Product>,
  /** How many products the page is about: "each one" must really mean each one. */
  total: number,
  keyOf: (p: Product) => K,
  predicate: (key: K, members: Product[]) => string,
): string[] {
  const groups = new Map<K, Product[]>();
  for (const p of products) groups.set(keyOf(p), [...(groups.get(keyOf(p)) ?? []), p]);
  // Named groups keep the order of their first product (cheapest first), so sentences read in step with the cards.
  const inOrder = [...groups.entries()];
  const largest = [...inOrder].sort((a, b) => b[1].length - a[1].length)[0];
  if (!largest) return [];
  const sentences: string[] = [];
  let rest = inOrder;
  if (largest[1].length === total && total > 1) {
    sentences.push(`Each one ${predicate(largest[0], largest[1])}.`);
    rest = inOrder.filter((g) => g !== largest);
  } else if (largest[1].length > 1 && largest[1].length * 2 > total) {
    sentences.push(`Most ${predicate(largest[0], largest[1]).replace(/^needs /, 'need ').replace(/^goes /, 'go ')}.`);
    rest = inOrder.filter((g) => g !== largest);
  }
  for (const [key, members] of rest) {
    const verb = predicate(key, members);
    const names = capitalize(listOf(members.map((p) => `the ${p.name}`)));
    sentences.push(`${names} ${members.length === 1 ? verb : verb.replace(/^needs /, 'need ').replace(/^goes /, 'go ')}.`);
  }
  return sentences;
}

const onceForOffer = perOfferMemo();

export function powerParagraph(offer: OfferSummary, service: LandingService, generator: Product | undefined, currency: string): string | null {
  return onceForOffer(offer, `power|${service.kind}|${generator?.id ?? ''}|${currency}`, () => powerWords(offer, service, generator, currency));
}

function powerWords(offer: OfferSummary, service: LandingService, generator: Product | undefined, currency: string): string | null {
  const powered = offer.products.filter((p) => p.outletsRequired > 0);
  if (powered.length === 0) return null;
  // Blowers come with a cord that reaches 50 ft; a package's outlets feed different items.
  const inflatable = service.kind === 'rental';
  const parts = groupedSentences(
    powered,
    offer.products.length,
    (p) => `${p.outletsRequired}:${p.packageItems.length > 0 ? 'package' : 'single'}`,
    (key) => {
      const [count, shape] = key.split(':');
      const n = Number(count);
      if (n === 1) return `needs one standard outlet${inflatable ? ' within 50 ft' : ''}`;
      return shape === 'package' ? `needs ${n} outlets` : `needs ${n} outlets on separate circuits`;
    },
  );
  const noPower = offer.noPower.filter((p) => p.id !== generator?.id);
  if (noPower.length > 0) {
    const names = noPower.map((p) => `the ${p.name}`);
    parts.push(`${capitalize(listOf(names))} ${names.length === 1 ? 'needs' : 'need'} no power at all.`);
  }
  if (generator && !offer.products.some((p) => p.id === generator.id)) {
    parts.push(`No outlet where you want to party? Add our ${generator.name} for ${formatMoney(generator.basePriceCents, currency)}.`);
  }
  return parts.join(' ');
}

export function wetSubject(offer: OfferSummary): string {
  if (offer.wet.length === offer.products.length && offer.wet.length > 1) return 'Every one needs';
  const names = capitalize(listOf(offer.wet.map((p) => `the ${p.name}`)));
  return `${names} ${offer.wet.length === 1 ? 'needs' : 'need'}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function outdoorSurfaces(p: Product): Product['surfaces'] {
  return p.surfaces.filter((s) => s !== 'indoor');
}

function surfacesParagraph(offer: OfferSummary, city: LandingCity): string | null {
  // The sentences about the ground are the same in every city; only the indoor one names a venue.
  const grounds = onceForOffer(offer, 'surfaces', () => {
    const physical = offer.products.filter((p) => outdoorSurfaces(p).length > 0);
    if (physical.length === 0) return null;
    return groupedSentences(
      physical,
      offer.products.length,
      (p) => outdoorSurfaces(p).join(','),
      (key) => {
        const surfaces = key.split(',') as Product['surfaces'];
        const hardOnly = !surfaces.includes('concrete') && !surfaces.includes('asphalt');
        return `goes on ${listOf(surfaces.map((s) => surfaceWords[s]), 'or')}${hardOnly ? ' only, never on concrete or asphalt' : ''}`;
      },
    ).join(' ');
  });
  if (grounds === null) return null;
  const parts = grounds ? [grounds] : [];
  const indoorOnlySome = offer.indoor.length > 0 && offer.indoor.length < offer.products.length;
  if (offer.indoor.length > 0) {
    const names = indoorOnlySome ? listOf(offer.indoor.map((p) => `the ${p.name}`)) : 'all of them';
    const which = indoorOnlySome && offer.indoor.length === 1 ? 'is the one' : 'are the ones';
    parts.push(
      city.venues.length > 0
        ? `For an indoor party at a place like ${city.venues[0]}, check the venue's rules first: ${names} ${which} we can set up indoors.`
        : `Indoors, ${names} ${which} we can set up.`,
    );
  }
  return parts.join(' ');
}

export function spaceParagraph(offer: OfferSummary, service: LandingService): string | null {
  const { smallest, largest } = offer;
  if (!smallest) return null;
  if (!largest) return `The ${smallest.product.name} needs a flat area of ${formatFootprint(smallest)}.`;
  const measure = service.kind === 'rental' ? ' Measure your yard before you book, including the way in from the street.' : '';
  return `The ${smallest.product.name} needs the least room, a flat ${formatFootprint(smallest)} area; the ${largest.product.name} needs ${formatFootprint(largest)}.${measure}`;
}

export function parkQuestion(service: LandingService): string {
  return service.kind === 'rental' ? 'whether inflatables and power are allowed there' : 'what you may set up there and whether there is power';
}

function parksParagraph(city: LandingCity, service: LandingService): string | null {
  if (city.parks.length === 0) return null;
  const where = city.neighbourhoods.length
    ? ` At home in ${listOf(city.neighbourhoods.slice(0, 3), 'or')}, or another neighbourhood with an HOA? Check its front-yard rules before party day.`
    : '';
  const reserve = service.kind === 'cake' ? '' : ` Reserve your spot with whoever runs the park first, and ask ${parkQuestion(service)}.`;
  return `Party in a park? Popular ${city.city} spots include ${listOf(city.parks)}.${reserve}${where}`;
}

/**
 * The "setting up here" sections of a landing page. Which facts appear depends on the service:
 * inflatables get the space, the ground (terrain) and power; anything wet gets the summer note
 * and the hose; cakes get pickup and lead time.
 */
export function landingSections(input: LandingCopyInput): CopySection[] {
  const { service, city, offer, settings, generator } = input;
  const currency = settings.currency;
  const sections: CopySection[] = [];
  if (service.kind === 'cake') {
    sections.push({
      heading: `Getting your cake to ${city.city}`,
      paragraphs: [
        `Order ${cakeOrderBy(settings.cakeLeadTimeDays)} your party and tell us about any allergies when you order.`,
        isHomeCity(city, settings)
          ? `Pickup is at ${settings.addressLine1}, ${settings.addressCity}. Booking a bounce house or slide as well? The cake comes on the same delivery, free within ${city.city}.`
          : `Pickup is at ${settings.addressLine1}, ${settings.addressCity}${aboutMinutesFrom(city)}. Booking a bounce house or slide as well? The cake comes on the same delivery, and the ${city.city} delivery fee of ${formatMoney(city.deliveryFeeCents, currency)} is charged once per booking.`,
        ...(city.minimumOrderCents > 0
          ? [`Orders delivered to ${city.city} start at ${formatMoney(city.minimumOrderCents, currency)} before delivery and tax.`]
          : []),
      ],
    });
    const park = parksParagraph(city, service);
    if (park) sections.push({ heading: `Where ${city.city} celebrates`, paragraphs: [park] });
    return sections;
  }

  const inflatable = service.kind === 'rental';
  const space = spaceParagraph(offer, service);
  const surfaces = surfacesParagraph(offer, city);
  const roomParagraphs = [space, surfaces].filter((p): p is string => p !== null);
  if (roomParagraphs.length) sections.push({ heading: `Room to set up in ${city.city}`, paragraphs: roomParagraphs });

  if (inflatable) {
    sections.push({
      heading: `The ground in ${city.city}`,
      paragraphs: [
        ...(city.terrain ? [`${city.terrain}.`] : []),
        city.terrain && /sandbag|anchor/i.test(city.terrain)
          ? `Tell us what your ${city.city} spot is like when you book, and we will load the right anchors.`
          : offer.products.some((p) => p.surfaces.includes('concrete'))
            ? `We stake inflatables on grass and use sandbags on hard surfaces, so tell us what your ${city.city} spot is like when you book.`
            : `We stake them into the grass, so tell us what your ${city.city} spot is like when you book.`,
      ],
    });
  }

  if (offer.wet.length > 0) {
    const allWet = offer.wet.length === offer.products.length;
    const hose = allWet
      ? `Every one runs on a garden hose that reaches a spigot within about 75 ft, so plan the spot around your outdoor faucet.`
      : `${capitalize(listOf(offer.wet.map((p) => `the ${p.name}`)))} ${offer.wet.length === 1 ? 'runs' : 'run'} wet and ${offer.wet.length === 1 ? 'needs' : 'need'} a garden hose that reaches a spigot within about 75 ft.`;
    sections.push({ heading: `Summer water fun in ${city.city}`, paragraphs: [...(city.summerNote ? [`${city.summerNote}.`] : []), hose] });
  }

  const power = powerParagraph(offer, service, generator, currency);
  if (power) sections.push({ heading: 'Power', paragraphs: [power] });

  const park = parksParagraph(city, service);
  if (park) sections.push({ heading: `Parties in ${city.city} parks`, paragraphs: [park] });
  return sections;
}

/** Meta description, at most 160 characters: the least important clause goes first when it is too long. */
export function landingDescription(input: LandingCopyInput): string {
  const { service, city, offer, settings } = input;
  const currency = settings.currency;
  const from = offer.from === null ? '' : ` ${startingPriceLabel(offer.from, currency)}`;
  const fee = city.deliveryFeeCents === 0 ? 'free delivery' : `${formatMoney(city.deliveryFeeCents, currency)} delivery`;
  const where = `${city.city}, ${city.state}`;
  const drive = city.driveMinutes === null ? '' : `, about ${city.driveMinutes} minutes from our ${settings.addressCity} warehouse`;
  const candidates = [
    `${service.headline} in ${where}${from}, ${fee}${drive}. Book online or call ${settings.phone}.`,
    `${service.headline} in ${where}${from}, ${fee}${drive}. Book online.`,
    `${service.headline} in ${where}${from} with ${fee}. Book online.`,
    `${service.headline} in ${where}.`,
  ];
  return candidates.find((c) => c.length <= 160) ?? candidates[candidates.length - 1]!.slice(0, 160);
}
