import { customerMessage, type RenderedEmail } from '../email';
import type { BusinessSettings } from '../business';
import { formatLongDate } from '../time';
import type { NotifiableCakeStatus } from '../booking';

export interface CakeNoticeInput {
  number: string;
  name: string;
  email: string;
  product: string;
  neededOn: string;
  fulfilment: 'pickup' | 'delivery';
  bookingNumber: string | null;
}

/** To the customer when staff move a cake to ready or delivered and tick "E-mail the customer". */
export function cakeStatusEmail(order: CakeNoticeInput, status: NotifiableCakeStatus, settings: BusinessSettings): RenderedEmail {
  const first = order.name.split(/\s+/)[0] ?? order.name;
  const subject = status === 'ready' ? `Your cake ${order.number} is ready` : `Your cake ${order.number} has been delivered`;
  const body =
    status === 'delivered'
      ? `Your ${order.product} has been delivered${order.bookingNumber ? ` with your party rental ${order.bookingNumber}` : ''}. Enjoy the party!`
      : order.fulfilment === 'pickup'
        ? `Your ${order.product} is ready to pick up for ${formatLongDate(order.neededOn)}. Our address: ${settings.addressLine1}, ${settings.addressCity}.`
        : `Your ${order.product} is ready and will come with ${order.bookingNumber ? `your party rental ${order.bookingNumber}` : 'your delivery'} on ${formatLongDate(order.neededOn)}.`;
  const paragraphs = [`Hi ${first},`, body, `Questions? Call us at ${settings.phone} and quote ${order.number}.`];
  const rows: [string, string][] = [
    ['Cake order', order.number],
    ['Cake', order.product],
    ['Date', formatLongDate(order.neededOn)],
  ];
  return customerMessage(settings, order.email, subject, paragraphs, rows);
}
