/** '125', '125.5', '$1,250.00' → cents; null when it is not a positive amount with at most two decimals. */
export function dollarsToCents(text: string): number | null {
  const clean = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > 0 && Number.isSafeInteger(cents) ? cents : null;
}

/** Cents → '125.50' for an input's starting value. */
export const centsToInput = (cents: number) => (cents / 100).toFixed(2);
