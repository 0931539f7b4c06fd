import type { BusinessClock } from '../../../../lib/time';
import type { QueueEntry } from './accounting-types';

const tries = (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`);

/**
 * What a sync log item says of its timing, in the admin's one date/time format: when it was queued or
 * sent (and as which QuickBooks record), how many attempts it took, and for one still waiting when it
 * will be tried next. A failed item keeps its count, so the owner sees it was tried before giving up.
 */
export function syncItemTiming(item: QueueEntry, clock: Pick<BusinessClock, 'timestamp'>): string {
  if (item.status === 'sent' && item.sentAt) {
    const as = item.qboType ? ` as ${item.qboType}${item.qboId ? ` ${item.qboId}` : ''}` : '';
    return `Sent ${clock.timestamp(item.sentAt)}${as}${item.attempts > 1 ? ` · after ${tries(item.attempts)}` : ''}`;
  }
  const parts = [`Queued ${clock.timestamp(item.createdAt)}`];
  if (item.status === 'failed') {
    if (item.attempts > 0) parts.push(`failed after ${tries(item.attempts)}`);
  } else if (item.status === 'waiting') {
    // An item held for a later date (a deposit moved on the event day) is not tried before it, whatever its backoff says.
    const held = item.notBefore !== null && new Date(item.notBefore) > new Date(item.nextAttemptAt);
    const next = held ? item.notBefore! : item.nextAttemptAt;
    if (item.attempts > 0) parts.push(`${tries(item.attempts)}, next try ${clock.timestamp(next)}`);
    else if (held) parts.push(`not before ${clock.timestamp(next)}`);
  }
  return parts.join(' · ');
}
