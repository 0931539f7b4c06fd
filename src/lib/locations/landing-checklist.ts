import { formatMoney } from '../money';
import type { Product } from '../catalog';
import { priceBooking, toPricingSettings } from '../pricing';
import type { BusinessSettings } from '../business';
import { formatClock, toEventWindow, type EventWindow } from '../time';
import { formatTaxRate, listOf } from './offer-words';
import { isHomeCity } from './landing-cities';
import { cakeOrderBy, type LandingCopyInput, parkQuestion, powerParagraph, spaceParagraph, wetSubject } from './landing-copy';
import { type LandingCity } from './landing-cities';
import { bookingNotice, type BookingNoticeWords } from '../business';

/**
 * The planning checklist page of each landing page: the steps from measuring the yard to the day, with
 * an example total priced by the one price rule.
 */

// ---------------------------------------------------------------- planning checklist

export interface ExampleTotal {
  product: Product;
  hours: number;
  rentalCents: number;
  deliveryFeeCents: number;
  taxCents: number;
  totalCents: number;
  depositCents: number;
  /** The rental alone is under the city's minimum order. */
  belowMinimum: boolean;
}

/**
 * What the cheapest item in the category costs delivered to the city, priced by the same
 * function the checkout uses (damage waiver declined, no coupon), for one event of the item's
 * base length. The date is a fixed summer Saturday: the price does not depend on it.
 */
// The example party is on a fixed date, so its window depends only on its length and the time zone;
// converting wall-clock times through the time zone is one of the dearer steps of every checklist page.
const exampleWindows = new Map<string, EventWindow>();

// Cities with the same delivery fee, tax rate and minimum order have the same example total for a
// product: each is priced once per build (10,000 checklist pages, a few dozen different totals).
const exampleTotals = new WeakMap<BusinessSettings, WeakMap<Product, Map<string, ExampleTotal>>>();

export function exampleTotal(product: Product, city: LandingCity, settings: BusinessSettings): ExampleTotal {
  let byProduct = exampleTotals.get(settings);
  if (!byProduct) exampleTotals.set(settings, (byProduct = new WeakMap()));
  let totals = byProduct.get(product);
  if (!totals) byProduct.set(product, (totals = new Map()));
  const key = `${city.deliveryFeeCents}|${city.taxRateBps}|${city.minimumOrderCents}`;
  let total = totals.get(key);
  if (!total) totals.set(key, (total = priceExample(product, city, settings)));
  return total;
}

function priceExample(product: Product, city: LandingCity, settings: BusinessSettings): ExampleTotal {
  const hours = Math.min(product.baseHours, 10);
  const endClock = `${String(10 + hours).padStart(2, '0')}:00`;
  const windowKey = `${endClock}|${settings.timezone}`;
  let window = exampleWindows.get(windowKey);
  if (!window) {
    window = toEventWindow({ date: '2026-06-13', start: '10:00', end: endClock }, settings.timezone);
    exampleWindows.set(windowKey, window);
  }
  const result = priceBooking({
    items: [{ product, quantity: 1 }],
    window,
    area: city,
    settings: toPricingSettings(settings),
    damageWaiver: false,
    coupon: null,
    now: new Date(0),
  });
  return {
    product,
    hours,
    rentalCents: result.subtotalCents,
    deliveryFeeCents: result.deliveryFeeCents,
    taxCents: result.taxCents,
    totalCents: result.totalCents,
    depositCents: result.depositCents,
    belowMinimum: result.minimumOrderError !== null,
  };
}

export interface ChecklistStep {
  title: string;
  detail: string;
}

/**
 * A step-by-step plan for booking this service in this city, every step from a fact. `words`: the page's
 * contentValues, for the booking sentence the home page and /at say too (bookingNotice).
 */
export function planningChecklist(input: LandingCopyInput, words: BookingNoticeWords): ChecklistStep[] {
  const { service, city, offer, settings, generator } = input;
  const currency = settings.currency;
  const steps: ChecklistStep[] = [];
  const zips =
    city.zipCodes.length <= 4
      ? `ZIP ${listOf(city.zipCodes, 'or')}`
      : `one of the ${city.zipCodes.length} ${city.city} ZIP codes listed below`;
  steps.push({
    title: 'Check your address',
    detail: `We deliver to ${city.city} addresses in ${zips}. Further out? Call ${settings.phone} before you book.`,
  });

  if (service.kind === 'cake') {
    steps.push({
      title: 'Order in time',
      detail: `Cakes are baked to order: place yours ${cakeOrderBy(settings.cakeLeadTimeDays)} the party and mention any allergies.`,
    });
    steps.push({
      title: 'Choose pickup or delivery',
      detail: isHomeCity(city, settings)
        ? `Collect it at ${settings.addressLine1}, or add it to a rental booking and it comes free with the delivery.`
        : `Collect it at ${settings.addressLine1}, ${settings.addressCity}${city.driveMinutes === null ? '' : ` (about ${city.driveMinutes} minutes away)`}, or add it to a rental booking and it rides along for the ${formatMoney(city.deliveryFeeCents, currency)} ${city.city} delivery fee.`,
    });
  } else {
    steps.push({
      title: 'Pick your date',
      detail: `${bookingNotice(settings, words)} We deliver between ${formatClock(settings.deliveryWindowStart)} and ${formatClock(settings.deliveryWindowEnd)}${city.driveMinutes === null ? '.' : `; ${city.city} is about ${city.driveMinutes} minutes from our warehouse.`}`,
    });
    const space = spaceParagraph(offer, service);
    if (space) steps.push({ title: 'Measure your space', detail: space });
    if (service.kind === 'rental') {
      steps.push({
        title: 'Look at the ground',
        detail: city.terrain
          ? `${city.terrain}.`
          : `Grass, concrete or asphalt? Tell us what your ${city.city} spot is like when you book, so the crew brings the right anchors.`,
      });
    }
    if (offer.wet.length > 0) {
      steps.push({
        title: 'Find the hose and plan for the heat',
        detail: `${wetSubject(offer)} a garden hose that reaches a spigot within about 75 ft.${city.summerNote ? ` ${city.summerNote}.` : ''}`,
      });
    }
    const power = powerParagraph(offer, service, generator, currency);
    if (power) steps.push({ title: 'Find the outlets', detail: power });
    if (city.parks.length > 0) {
      steps.push({
        title: 'At a park? Reserve it first',
        detail: `Planning it at ${listOf(city.parks.slice(0, 2), 'or')}? Reserve your spot with whoever runs the park before you book us, and ask ${parkQuestion(service)}.`,
      });
    }
  }

  const cheapest = offer.products[0];
  if (cheapest && service.kind === 'cake') {
    const shared =
      city.deliveryFeeCents === 0
        ? `delivery within ${city.city} is free`
        : `it shares that booking's ${formatMoney(city.deliveryFeeCents, currency)} ${city.city} delivery fee`;
    steps.push({
      title: 'Set the budget',
      detail: `The ${cheapest.name} starts at ${formatMoney(cheapest.basePriceCents, currency)}. Picked up, that is the price; delivered with a rental booking, ${shared}.`,
    });
  } else if (cheapest) {
    const example = exampleTotal(cheapest, city, settings);
    const delivery =
      example.deliveryFeeCents === 0 ? 'free delivery' : `${formatMoney(example.deliveryFeeCents, currency)} delivery`;
    const length = cheapest.pricingUnit === 'rental' ? ` for up to ${example.hours} hours` : '';
    const deposit =
      settings.paymentMode === 'deposit_online' ? ` A deposit of ${formatMoney(example.depositCents, currency)} holds the date.` : '';
    const minimum = example.belowMinimum
      ? ` On its own it is under the ${formatMoney(city.minimumOrderCents, currency)} ${city.city} minimum, so add another rental to reach it.`
      : '';
    steps.push({
      title: 'Set the budget',
      detail: `Example: the ${cheapest.name}${length} is ${formatMoney(example.rentalCents, currency)}, plus ${delivery} and ${formatMoney(example.taxCents, currency)} sales tax (${formatTaxRate(city.taxRateBps)}), ${formatMoney(example.totalCents, currency)} in all.${deposit}${minimum}`,
    });
  }
  steps.push({
    title: 'Book it',
    detail: `Add what you want to the cart, or ask for a quote and we will reply with the ${city.city} price.`,
  });
  return steps;
}

export function checklistDescription(input: LandingCopyInput): string {
  const { service, city, settings } = input;
  const fee = city.deliveryFeeCents === 0 ? 'free delivery' : `${formatMoney(city.deliveryFeeCents, settings.currency)} delivery`;
  const candidates = [
    `Planning checklist for ${service.noun} in ${city.city}, ${city.state}: space, ground, power, ${fee} and an example total, step by step.`,
    `Planning checklist for ${service.noun} in ${city.city}, ${city.state}, with ${fee}.`,
  ];
  return candidates.find((c) => c.length <= 160) ?? candidates[1]!.slice(0, 160);
}
