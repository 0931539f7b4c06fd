import { formatMoney } from '../money';

/**
 * A cake ordered for delivery with a party booking, as the booking shows it. Its price is NOT part of
 * the booking's total or balance: cake orders are priced and paid on their own (the cake page takes
 * no payment; the bakery collects it), so the booking, its delivery sheet, the tracking page and the
 * invoice show the cake as a separate line: "Cake order CK-…, $x, paid separately".
 */
export interface BookingCake {
  id: string;
  number: string;
  product: string;
  servings: number;
  tiers: number;
  messageOnCake: string | null;
  allergies: string;
  neededOn: string;
  status: 'new' | 'confirmed' | 'baking' | 'ready' | 'delivered' | 'cancelled';
  priceCents: number;
}

/** "Cake order CK-7Q2M4X, $85, paid separately": how every screen names a cake beside a booking's own money. */
export const bookingCakeLine = (cake: Pick<BookingCake, 'number' | 'priceCents'>) => `Cake order ${cake.number}, ${formatMoney(cake.priceCents)}, paid separately`;

/** Statuses a customer may be told about when staff move the cake there. */
export const NOTIFIABLE_CAKE_STATUSES = ['ready', 'delivered'] as const;
export type NotifiableCakeStatus = (typeof NOTIFIABLE_CAKE_STATUSES)[number];
export const isNotifiableCakeStatus = (status: string): status is NotifiableCakeStatus => (NOTIFIABLE_CAKE_STATUSES as readonly string[]).includes(status);
