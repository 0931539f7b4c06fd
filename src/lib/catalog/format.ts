/**
 * Whole dollars when the amount is round, cents otherwise: "$185" or "$12.50".
 *
 * US dollars are written by hand, exactly as Intl.NumberFormat('en-US') writes them (format.test.ts
 * compares the two): the first Intl formatter of a page loads locale data, and on a throttled phone that
 * was one of the checkout's long tasks. Other currencies still go through Intl.
 */
export function formatMoney(cents: number, currency = 'usd'): string {
  const whole = cents % 100 === 0;
  if (currency.toLowerCase() === 'usd' && Number.isSafeInteger(cents)) {
    const abs = Math.abs(cents);
    const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return `${cents < 0 ? '-' : ''}$${dollars}${whole ? '' : `.${String(abs % 100).padStart(2, '0')}`}`;
  }
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
