// Building an Intl.NumberFormat costs far more than using one (locale data is resolved each time);
// thousands of prebuilt pages each format dozens of prices, so one formatter per currency and style.
const formatters = new Map<string, Intl.NumberFormat>();

/** Whole dollars when the amount is round, cents otherwise: "$185" or "$12.50". */
export function formatMoney(cents: number, currency = 'usd'): string {
  const whole = cents % 100 === 0;
  const code = currency.toUpperCase();
  const key = `${code}:${whole ? 0 : 2}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}
