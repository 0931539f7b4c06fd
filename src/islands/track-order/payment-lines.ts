import type { PublicBooking } from './use-track-order';

type Line = PublicBooking['payments'][number];

/** The booking's money lines as the page lists them: what was received, and apart from it what went back (a refund is not money received). */
export function paymentGroups(payments: readonly Line[]): { received: Line[]; refunds: Line[] } {
  return { received: payments.filter((p) => p.kind !== 'refund'), refunds: payments.filter((p) => p.kind === 'refund') };
}
