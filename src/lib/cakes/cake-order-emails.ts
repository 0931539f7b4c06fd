import { longDay, message, UNVERIFIED_GREETING, type Rows, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
import { formatMoney } from '../money';
import { choiceLabel, CAKE_FILLINGS, CAKE_FLAVOURS, CAKE_FROSTINGS } from './cake-options';
import { formatLongDate, formatMediumDate } from '../time';
import { adminPaths } from '../paths';

/** A cake order as the customer placed it and was priced: what the e-mails and the staff list both show. */
export interface CakeOrderFacts {
  number: string;
  name: string;
  email: string;
  phone: string;
  servings: number;
  tiers: number;
  flavour: string;
  frosting: string;
  messageOnCake: string | null;
  allergies: string;
  fulfilment: 'pickup' | 'delivery';
  neededOn: string;
  bookingNumber: string | null;
  priceCents: number;
  priceLines: { label: string; amountCents: number }[];
}

export interface CakeOrderSummary extends CakeOrderFacts {
  productName: string;
  filling: string;
  hasPhoto: boolean;
  /** The language of the page it was ordered on: the customer's acknowledgement is written in it. */
  language?: 'en' | 'es';
}

/**
 * `forBusiness`: the baker sees the words for the cake and the allergies as typed; the customer's
 * acknowledgement only says they were received (it goes to an address nobody has verified).
 */
function cakeRows(o: CakeOrderSummary, settings: BusinessSettings, { forBusiness }: { forBusiness: boolean }): Rows {
  const rows: Rows = [
    ['Order number', o.number],
    ['Cake', o.productName],
    ['Size', `${o.servings} servings, ${o.tiers} ${o.tiers === 1 ? 'tier' : 'tiers'}`],
    ['Flavour', choiceLabel(CAKE_FLAVOURS, o.flavour)],
    ['Filling', choiceLabel(CAKE_FILLINGS, o.filling)],
    ['Frosting', choiceLabel(CAKE_FROSTINGS, o.frosting)],
  ];
  if (o.messageOnCake) rows.push(['Message on the cake', forBusiness ? o.messageOnCake : 'As written in your order; our baker confirms it with you']);
  rows.push(['Allergies', !o.allergies ? 'None given' : forBusiness ? o.allergies : 'As listed in your order; our baker confirms them with you']);
  // The business's notice writes the day as the admin does; the customer's acknowledgement in full.
  const day = forBusiness ? formatMediumDate(o.neededOn) : longDay(o.neededOn);
  rows.push(
    o.fulfilment === 'pickup'
      ? ['Pickup', `${day} at ${settings.addressLine1}, ${settings.addressCity}`]
      : ['Delivery', `${day} with rental booking ${o.bookingNumber}`],
  );
  if (o.hasPhoto) rows.push(['Reference photo', 'Received']);
  for (const line of o.priceLines) rows.push([line.label, formatMoney(line.amountCents)]);
  rows.push(['Cake total', formatMoney(o.priceCents)]);
  return rows;
}

export function cakeCustomerEmail(o: CakeOrderSummary, settings: BusinessSettings): RenderedEmail {
  if (o.language === 'es') return cakeCustomerEmailEs(o, settings);
  return message(
    settings,
    o.email,
    `We received your cake order ${o.number}`,
    [
      UNVERIFIED_GREETING,
      `Thank you for ordering a ${o.productName} from ${settings.businessName}. Our baker reviews every order and calls or e-mails you within one business day to confirm the design and how to pay.`,
      'Our kitchen handles wheat, milk, eggs, soy and tree nuts. If anything about allergies changes, please tell us before the baking day.',
    ],
    cakeRows(o, settings, { forBusiness: false }),
  );
}

export function cakeBusinessEmail(o: CakeOrderSummary, settings: BusinessSettings, siteUrl: string, to: string): RenderedEmail {
  return message(
    settings,
    to,
    `New cake order ${o.number}: ${o.productName} for ${formatMediumDate(o.neededOn)}`,
    [
      `${o.name} (${o.email}, ${o.phone}) ordered a cake.`,
      ...(o.language === 'es' ? ['Ordered on the Spanish page: the customer got the acknowledgement in Spanish; please confirm in Spanish.'] : []),
      `Cake orders: ${siteUrl}${adminPaths.cakeOrders}`,
    ],
    cakeRows(o, settings, { forBusiness: true }),
    { replyTo: { name: o.name, address: o.email } },
  );
}

/** The acknowledgement of an order from the Spanish page, in Spanish (the baker's notice stays English). */
function cakeCustomerEmailEs(o: CakeOrderSummary, settings: BusinessSettings): RenderedEmail {
  const day = formatLongDate(o.neededOn, 'es-US');
  const rows: Rows = [
    ['Número de pedido', o.number],
    ['Pastel', o.productName],
    ['Tamaño', `${o.servings} porciones, ${o.tiers} ${o.tiers === 1 ? 'piso' : 'pisos'}`],
    ['Mensaje en el pastel', o.messageOnCake ? 'Como lo escribió en su pedido; nuestra repostera lo confirma con usted' : 'Ninguno'],
    ['Alergias', o.allergies ? 'Como las anotó en su pedido; nuestra repostera las confirma con usted' : 'Ninguna'],
    o.fulfilment === 'pickup'
      ? ['Para recoger', `${day} en ${settings.addressLine1}, ${settings.addressCity}`]
      : ['Entrega', `${day} con la reservación de renta ${o.bookingNumber}`],
  ];
  if (o.hasPhoto) rows.push(['Foto de referencia', 'Recibida']);
  rows.push(['Total del pastel', formatMoney(o.priceCents)]);
  return message(
    settings,
    o.email,
    `Recibimos su pedido de pastel ${o.number}`,
    [
      'Hola:',
      `Gracias por ordenar un ${o.productName} con ${settings.businessName}. Nuestra repostera revisa cada pedido y le llama o le escribe en un día hábil para confirmar el diseño y la forma de pago.`,
      'En nuestra cocina se usan trigo, leche, huevo, soya y nueces de árbol. Si algo cambia sobre las alergias, por favor avísenos antes del día en que horneamos.',
    ],
    rows,
    { language: 'es' },
  );
}
