// Tax rates are stored as basis points (hundredths of a percent: 725 = 7.25 %); staff read and type percents.

/** A rate in basis points as staff read it: 725 → "7.25 %", 600 → "6.00 %". */
export function formatPercentBps(bps: number): string {
  return `${(bps / 100).toFixed(2)} %`;
}

/** A rate in basis points as an input starts with: 725 → "7.25", 600 → "6". */
export function bpsToPercentInput(bps: number): string {
  return (bps / 100).toString();
}
