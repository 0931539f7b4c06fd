import type { BusinessClock } from '../time';

/**
 * Why a credit's remainder is forfeited, and on which day: it expired (at the end of its last day, so
 * dated that day: the period it was last spendable in carries no debt for it) unless staff voided it
 * before then (dated the void's day).
 */
export function creditForfeit(credit: { expires_on: string | null; voided_at: Date | null }, clock: Pick<BusinessClock, 'dateOf' | 'today'>): { expired: boolean; date: string } {
  const voidedOn = credit.voided_at ? clock.dateOf(credit.voided_at) : null;
  if (credit.expires_on !== null && (voidedOn === null || credit.expires_on < voidedOn)) return { expired: true, date: credit.expires_on };
  return { expired: false, date: voidedOn ?? clock.today() };
}
