// Building an Intl.NumberFormat costs far more than using one (locale data is resolved each time);
// thousands of prebuilt pages each format dozens of prices, so one formatter per currency and style.
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Whole dollars when the amount is round, cents otherwise: "$185" or "$12.50".
 *
 * US dollars are written by hand, exactly as Intl.NumberFormat('en-US') and ('es-US'), the Spanish pages',
 * write them (format.test.ts compares them): the first Intl formatter of a page loads locale data, and
 * on a throttled phone that was one of the checkout's long tasks; a build's 10,000 Spanish landing pages
 * formatted thousands of prices through Intl. Other currencies and locales go through Intl.
 */
export function formatMoney(cents: number, currency = 'usd', locale = 'en-US'): string {
  const whole = cents % 100 === 0;
  if ((locale === 'en-US' || locale === 'es-US') && currency.toLowerCase() === 'usd' && Number.isSafeInteger(cents)) {
    const abs = Math.abs(cents);
    const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return `${cents < 0 ? '-' : ''}$${dollars}${whole ? '' : `.${String(abs % 100).padStart(2, '0')}`}`;
  }
  const code = currency.toUpperCase();
  const key = `${locale}:${code}:${whole ? 0 : 2}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

/** Cents as a plain decimal amount for spreadsheets: 123456 → "1234.56", -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A change of money with its sign always written: "+$25", "−$12.50" (a true minus), "$0". */
export function formatSignedMoney(cents: number, currency = 'usd'): string {
  if (cents === 0) return formatMoney(0, currency);
  return `${cents > 0 ? '+' : '−'}${formatMoney(Math.abs(cents), currency)}`;
}

/** "$1,234.50", "-$20.00": always with cents, as invoices show amounts. */
export function formatMoneyWithCents(cents: number, currency = 'usd', locale = 'en-US'): string {
  const abs = Math.abs(cents);
  const sign = cents < 0 ? '-' : '';
  if (currency.toLowerCase() === 'usd' && locale === 'en-US') {
    const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
  }
  return `${sign}${new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase(), minimumFractionDigits: 2 }).format(abs / 100)}`;
}
