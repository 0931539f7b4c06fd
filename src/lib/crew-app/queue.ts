/**
 * The crew app's queue of actions taken without signal (issue #26), the pure part: what a queued action
 * holds, what an answer from the server means for it, and when it is tried again. The device keeps the
 * queue in IndexedDB (src/islands/admin/shared/crew-device.ts); `crewSend` sends through it.
 *
 * Each action carries its own key (a UUID made on the phone, sent as `Idempotency-Key`): the server
 * makes the change once whatever the repeats, so an action whose answer was lost is simply sent again.
 * Actions are sent oldest first; one the server refuses (a booking cancelled meanwhile, a status
 * already moved) is kept, marked, for the crew member to read and dismiss; none is tried for ever.
 */

export type QueuedMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface QueuedAction {
  /** The Idempotency-Key: made on the device when the action was taken. */
  key: string;
  /** Order taken (the device's clock, ms), then the key: the order they are sent in. */
  takenAt: number;
  url: string;
  method: QueuedMethod;
  body: unknown;
  /** What the crew member did, as the day screen lists it ("B-1042: mark delivered"). */
  label: string;
  /** The booking it is about, so its stop can say something is waiting. */
  bookingId: string | null;
  /** The account that took it: only that account's session sends it. */
  staffId: string | null;
  state: 'waiting' | 'refused';
  /** Why the server refused it (its own words), for a refused action. */
  problem: string | null;
  /** Tries that met a server fault (5xx, 429): after MAX_SERVER_TRIES the action is given up as refused. */
  serverTries: number;
}

/** A server fault is tried this many times in all (minutes apart), then shown as not sent. */
export const MAX_SERVER_TRIES = 6;

export type SendOutcome =
  /** Made (or made before: a replayed answer). Leaves the queue. */
  | { kind: 'sent' }
  /** No connection: stop here, keep the order, try again when the connection returns. */
  | { kind: 'offline' }
  /** The session ended (or an owner's second step is due): stop, keep everything, ask to sign in. */
  | { kind: 'sign-in' }
  /** The server could not take it now: stop and try again later, up to MAX_SERVER_TRIES. */
  | { kind: 'later' }
  /** Refused for good (400, 403, 404, 409, 413…): kept with the reason; the next actions still go. */
  | { kind: 'refused'; problem: string };

/** What the answer to one send means. `status` 0 is no answer at all (the fetch failed). */
export function outcomeOf(status: number, error: { code?: string; message?: string } | null): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 0) return { kind: 'offline' };
  if (status === 401 || error?.code === 'two_factor_required') return { kind: 'sign-in' };
  if (status === 429 || status >= 500) return { kind: 'later' };
  return { kind: 'refused', problem: error?.message?.trim() || `Refused by the server (${status}).` };
}

/** The queue in the order it is sent: oldest first. */
export function inSendingOrder(actions: readonly QueuedAction[]): QueuedAction[] {
  return [...actions].sort((a, b) => a.takenAt - b.takenAt || a.key.localeCompare(b.key));
}

/** What a send run does next with an action after its outcome: the updated action (null: remove it) and whether the run goes on. */
export function afterOutcome(
  action: QueuedAction,
  outcome: SendOutcome,
): { action: QueuedAction | null; goOn: boolean } {
  switch (outcome.kind) {
    case 'sent':
      return { action: null, goOn: true };
    case 'refused':
      return { action: { ...action, state: 'refused', problem: outcome.problem }, goOn: true };
    case 'later': {
      const serverTries = action.serverTries + 1;
      if (serverTries >= MAX_SERVER_TRIES) {
        return {
          action: {
            ...action,
            serverTries,
            state: 'refused',
            problem: `The server could not take this after ${serverTries} tries. Record it again, or tell the office.`,
          },
          goOn: true,
        };
      }
      return { action: { ...action, serverTries }, goOn: false };
    }
    case 'offline':
    case 'sign-in':
      return { action, goOn: false };
  }
}

/**
 * Without a connection the queue is tried again this often as well as at the browser's \`online\` event:
 * a phone on a weak signal can say it is online when nothing gets through, and the other way round.
 */
export const OFFLINE_RETRY_MS = 15_000;

/** How long after a server fault the queue is tried again: 30 s, doubling, at most 10 minutes. */
export const retryDelayMs = (serverTries: number): number =>
  Math.min(30_000 * 2 ** Math.max(0, serverTries - 1), 600_000);

/** A new queued action (the key is made by the caller: `crypto.randomUUID()`). */
export function queuedAction(
  input: Pick<QueuedAction, 'key' | 'url' | 'method' | 'body' | 'label' | 'bookingId' | 'staffId'>,
  now: number,
): QueuedAction {
  return { ...input, takenAt: now, state: 'waiting', problem: null, serverTries: 0 };
}

/** Waiting actions by booking, for the stops' "waiting to send" lines. */
export function waitingByBooking(actions: readonly QueuedAction[]): Map<string, QueuedAction[]> {
  const byBooking = new Map<string, QueuedAction[]>();
  for (const action of inSendingOrder(actions)) {
    if (action.state !== 'waiting' || !action.bookingId) continue;
    byBooking.set(action.bookingId, [...(byBooking.get(action.bookingId) ?? []), action]);
  }
  return byBooking;
}

/**
 * The money in a booking's payments waiting to send (issue #36): collected at the door, not yet
 * recorded on the server, so the stop asks for that much less. Any payment address (`…/payments`:
 * the day's, or the booking's own one older phones queued) with a whole positive `amountCents`.
 */
export function waitingPaymentCents(actions: readonly QueuedAction[]): number {
  return actions
    .filter((a) => a.state === 'waiting' && a.method === 'POST' && /\/payments$/.test(a.url))
    .map((a) => (a.body as { amountCents?: unknown } | null)?.amountCents)
    .filter((cents): cents is number => Number.isInteger(cents) && (cents as number) > 0)
    .reduce((sum, cents) => sum + cents, 0);
}
