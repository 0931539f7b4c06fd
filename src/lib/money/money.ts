/**
 * Rounds numerator / denominator to whole cents, half away from zero (0.5 → 1, 2.5 → 3,
 * -2.5 → -3). With integer arguments the result is exact: the division is done on integers,
 * so 6150 / 100 rounds to 62 even where the float 61.49999999999999 would round to 61.
 * Non-integer arguments fall back to floating point.
 */
export function roundCents(numerator: number, denominator = 1): number {
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator === 0) {
    throw new RangeError(`Cannot round ${numerator} / ${denominator}`);
  }
  if (Number.isSafeInteger(numerator) && Number.isSafeInteger(denominator)) {
    const sign = Math.sign(numerator) * Math.sign(denominator);
    const n = Math.abs(numerator);
    const d = Math.abs(denominator);
    const remainder = n % d;
    const quotient = (n - remainder) / d;
    return sign * (2 * remainder >= d ? quotient + 1 : quotient) || 0;
  }
  const value = numerator / denominator;
  return Math.sign(value) * Math.round(Math.abs(value)) || 0;
}

/**
 * A percentage with up to two decimals (numeric(5,2) in the database, e.g. 7.5 or 2.05) as an
 * integer number of hundredths, so `amount × percent / 100` can be computed on integers.
 */
export function percentToHundredths(percent: number): number {
  return Math.round(percent * 100);
}

/** amountCents × percent / 100, rounded exactly. */
export function percentOf(amountCents: number, percent: number): number {
  return roundCents(amountCents * percentToHundredths(percent), 10_000);
}

// Digits with optional thousands commas ("1,250"), then at most two decimals; a leading "$" is allowed.
const DOLLARS = /^\$?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/;
// The same amount with a decimal comma, as many Spanish readers type it (issue #40): '12,50', '1.250,50'.
// A comma before one or two digits is the decimal mark; before three it still groups thousands ('1,250').
const DECIMAL_COMMA = /^(\$?)(\d{1,3}(?:\.\d{3})+|\d*),(\d{1,2})$/;

/**
 * Dollars as people type them → integer cents, computed on the digits so no float rounding creeps
 * in: '185', '185.5', '$1,185.50', '.50' and '12.' are amounts. null for anything else: empty, a
 * sign, words, '1e3', commas in the wrong places, and three or more decimals. '12.345' is refused,
 * not rounded: a third decimal is a slip of the finger, and rounding would save an amount nobody typed.
 * Zero is an amount (a free delivery); whether it is allowed is the schema's call. A decimal comma is
 * understood ('12,50', '1.250,50'), so an amount typed in either language's habit means the same.
 */
export function parseDollars(text: string): number | null {
  const trimmed = text.trim();
  const comma = DECIMAL_COMMA.exec(trimmed);
  const match = DOLLARS.exec(comma ? `${comma[1]}${comma[2]!.replace(/\./g, '')}.${comma[3]}` : trimmed);
  if (!match || (match[1] === undefined && !match[2])) return null;
  const whole = Number((match[1] ?? '0').replace(/,/g, ''));
  const cents = whole * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents → what a money input starts with: 18500 → '185', 18550 → '185.50'. */
export function centsToDollarsInput(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** Cents rounded to whole dollars (chart axes and tooltips that show no cents): 18450 → 18500. */
export const roundToWholeDollars = (cents: number): number => roundCents(cents, 100) * 100;
