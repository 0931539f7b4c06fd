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
