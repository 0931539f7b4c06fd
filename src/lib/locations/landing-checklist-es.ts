import { formatMoney } from '../money';
import { formatClock } from '../time';
import { formatTaxRate, listOf } from './offer-words';
import { isHomeCity } from './landing-cities';
import type { LandingCopyInput } from './landing-copy';
import { type ChecklistStep, exampleTotal } from './landing-checklist';
import { bookingNotice, type BookingNoticeWords } from '../business';
import { cakeOrderByEs, hoursEs, parkQuestionEs, powerParagraphEs, spaceParagraphEs, wetSubjectEs, type TownNotesEs } from './landing-copy-es';

/**
 * The planning checklist in Spanish (issue #40), beside planningChecklist in landing-checklist.ts: the
 * same steps from the same facts, with the example total priced by the same rule (exampleTotal, shared
 * with the English page and made once per fee, tax and minimum). A town's own notes (its ground, its
 * summer) are here when the town has them in Spanish (`town`); English ones stay on its landing page,
 * where they are marked as English. `words`: the Spanish contentValues, for the booking sentence the
 * home page and /at say too (bookingNotice).
 */

const ES = 'es-US';
const money = (cents: number, currency: string) => formatMoney(cents, currency, ES);

export function planningChecklistEs(input: LandingCopyInput, words: BookingNoticeWords, town?: TownNotesEs): ChecklistStep[] {
  const { service, city, offer, settings, generator } = input;
  const currency = settings.currency;
  const steps: ChecklistStep[] = [];
  const zips =
    city.zipCodes.length <= 4
      ? `el código postal ${listOf(city.zipCodes, 'o')}`
      : `uno de los ${city.zipCodes.length} códigos postales de ${city.city} que aparecen abajo`;
  steps.push({
    title: 'Revise su dirección',
    detail: `Entregamos a direcciones de ${city.city} con ${zips}. ¿Más lejos? Llame al ${settings.phone} antes de reservar.`,
  });

  if (service.kind === 'cake') {
    steps.push({
      title: 'Haga su pedido a tiempo',
      detail: `Los pasteles se hornean por pedido: haga el suyo ${cakeOrderByEs(settings.cakeLeadTimeDays)} la fiesta y mencione cualquier alergia.`,
    });
    steps.push({
      title: 'Elija si lo recoge o se lo llevamos',
      detail: isHomeCity(city, settings)
        ? `Recójalo en ${settings.addressLine1}, o agréguelo a una reservación de renta y llega gratis con la entrega.`
        : `Recójalo en ${settings.addressLine1}, ${settings.addressCity}${city.driveMinutes === null ? '' : ` (a unos ${city.driveMinutes} minutos)`}, o agréguelo a una reservación de renta y viaja con ella por el cargo de entrega a ${city.city} de ${money(city.deliveryFeeCents, currency)}.`,
    });
  } else {
    const drive = city.driveMinutes === null ? '.' : `; ${city.city} está a unos ${city.driveMinutes} minutos de nuestra bodega.`;
    steps.push({
      title: 'Elija su fecha',
      detail: `${bookingNotice(settings, words)} Entregamos entre las ${formatClock(settings.deliveryWindowStart, ES)} y las ${formatClock(settings.deliveryWindowEnd, ES)}${drive}`,
    });
    const space = spaceParagraphEs(offer, service);
    if (space) steps.push({ title: 'Mida su espacio', detail: space });
    if (service.kind === 'rental') {
      steps.push({
        title: 'Revise el terreno',
        detail: town?.terrain
          ? `${town.terrain}.`
          : `¿Pasto, concreto o asfalto? Cuéntenos cómo es su lugar en ${city.city} cuando reserve, para que el equipo lleve las anclas correctas.`,
      });
    }
    if (offer.wet.length > 0) {
      steps.push({
        title: 'Ubique la manguera y prepárese para el calor',
        detail: `${wetSubjectEs(offer)} una manguera de jardín que llegue a una llave a menos de unos 75 pies.${town?.summerNote ? ` ${town.summerNote}.` : ''}`,
      });
    }
    const power = powerParagraphEs(offer, service, generator, currency);
    if (power) steps.push({ title: 'Ubique los contactos', detail: power });
    if (city.parks.length > 0) {
      steps.push({
        title: '¿En un parque? Resérvelo primero',
        detail: `¿La planea en ${listOf(city.parks.slice(0, 2), 'o')}? Reserve su lugar con quien administre el parque antes de reservar con nosotros, y pregunte ${parkQuestionEs(service)}.`,
      });
    }
  }

  const cheapest = offer.products[0];
  if (cheapest && service.kind === 'cake') {
    const shared =
      city.deliveryFeeCents === 0
        ? `la entrega dentro de ${city.city} es gratis`
        : `comparte el cargo de entrega a ${city.city} de esa reservación, ${money(city.deliveryFeeCents, currency)}`;
    steps.push({
      title: 'Defina el presupuesto',
      detail: `${cheapest.name} empieza en ${money(cheapest.basePriceCents, currency)}. Si lo recoge, ese es el precio; si llega con una reservación de renta, ${shared}.`,
    });
  } else if (cheapest) {
    const example = exampleTotal(cheapest, city, settings);
    const delivery = example.deliveryFeeCents === 0 ? 'entrega gratis' : `${money(example.deliveryFeeCents, currency)} de entrega`;
    const length = cheapest.pricingUnit === 'rental' ? ` por hasta ${hoursEs(example.hours)}` : '';
    const deposit = settings.paymentMode === 'deposit_online' ? ` Un depósito de ${money(example.depositCents, currency)} aparta la fecha.` : '';
    const minimum = example.belowMinimum
      ? ` Por sí solo no llega al mínimo de ${money(city.minimumOrderCents, currency)} para ${city.city}, así que agregue otra renta para alcanzarlo.`
      : '';
    steps.push({
      title: 'Defina el presupuesto',
      detail: `Ejemplo: ${cheapest.name}${length} cuesta ${money(example.rentalCents, currency)}, más ${delivery} y ${money(example.taxCents, currency)} de impuesto sobre las ventas (${formatTaxRate(city.taxRateBps)}): ${money(example.totalCents, currency)} en total.${deposit}${minimum}`,
    });
  }
  steps.push({
    title: 'Reserve',
    detail: `Agregue lo que quiera al carrito, o pida una cotización y le respondemos con el precio para ${city.city}.`,
  });
  return steps;
}

export function checklistDescriptionEs(input: LandingCopyInput): string {
  const { service, city, settings } = input;
  const fee = city.deliveryFeeCents === 0 ? 'entrega gratis' : `entrega: ${money(city.deliveryFeeCents, settings.currency)}`;
  const candidates = [
    `Lista para planear ${service.noun} en ${city.city}, ${city.state}: espacio, terreno, electricidad, ${fee} y un total de ejemplo, paso a paso.`,
    `Lista para planear ${service.noun} en ${city.city}, ${city.state}, con ${fee}.`,
  ];
  return candidates.find((c) => c.length <= 160) ?? candidates[1]!.slice(0, 160);
}
