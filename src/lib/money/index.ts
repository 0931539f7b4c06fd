// Money in integer cents: exact rounding and percentages, parsing what people type, and every way an
// amount is written (on screen, in spreadsheets, in inputs). Nothing else divides cents by 100.
export { roundCents, roundToWholeDollars, percentToHundredths, percentOf, parseDollars, centsToDollarsInput } from './money';
export { formatMoney, centsToDecimal, formatSignedMoney, formatMoneyWithCents } from './format';
export { formatPercentBps, bpsToPercentInput } from './percent';
export { type AmountsDue, amountsLeft, depositToPay } from './amounts-left';
