/** How a staff adjustment prints (invoice, e-mails, screens). Free of zod, so public islands can use it. */
import { formatMoney } from '../money';
import type { PricedAdjustment } from './quote';

/** 'Goodwill (10 %)', 'Generator': what the invoice, e-mails and screens print for the line. */
export function adjustmentLabel(a: Pick<PricedAdjustment, 'label' | 'kind' | 'value'>): string {
  return a.kind === 'percent' ? `${a.label} (${a.value} %)` : a.label;
}

/** The line as the price tables print it: a label and the signed amount. */
export function adjustmentPriceLine(a: PricedAdjustment): { label: string; amountCents: number } {
  return { label: adjustmentLabel(a), amountCents: a.cents };
}

export const signedMoney = (cents: number) => (cents < 0 ? `−${formatMoney(-cents)}` : formatMoney(cents));
