import { longDay, message, UNVERIFIED_GREETING, type Rows, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
import { formatMoney } from '../money';
import { choiceLabel, CAKE_FILLINGS, CAKE_FLAVOURS, CAKE_FROSTINGS } from './cake-options';
import { formatDayMonth } from '../time';
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
  rows.push(
    o.fulfilment === 'pickup'
      ? ['Pickup', `${longDay(o.neededOn)} at ${settings.addressLine1}, ${settings.addressCity}`]
      : ['Delivery', `${longDay(o.neededOn)} with rental booking ${o.bookingNumber}`],
  );
  if (o.hasPhoto) rows.push(['Reference photo', 'Received']);
  for (const line of o.priceLines) rows.push([line.label, formatMoney(line.amountCents)]);
  rows.push(['Cake total', formatMoney(o.priceCents)]);
  return rows;
}

export function cakeCustomerEmail(o: CakeOrderSummary, settings: BusinessSettings): RenderedEmail {
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
    `New cake order ${o.number}: ${o.productName} for ${formatDayMonth(o.neededOn)}`,
    [`${o.name} (${o.email}, ${o.phone}) ordered a cake.`, `Cake orders: ${siteUrl}${adminPaths.cakeOrders}`],
    cakeRows(o, settings, { forBusiness: true }),
    { replyTo: { name: o.name, address: o.email } },
  );
}
