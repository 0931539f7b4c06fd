import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import {
  ACTION_AGE_HEADER,
  actionAge,
  afterOutcome,
  OFFLINE_RETRY_MS,
  outcomeOf,
  queuedAction,
  retryDelayMs,
  type QueuedAction,
  type QueuedMethod,
} from '../../../lib/crew-app';
import { adminApi } from '../../../lib/paths';
import { requestJson, type ApiError } from '../../shared/api';
import { loginUrl } from './admin-api';
import { putAction, queuedActions, removeAction } from './crew-device';

/**
 * The one way the crew's stop forms send a change (issue #26): online it is sent at once; without a
 * connection (or while older actions still wait) it is queued on the phone and sent, in the order
 * taken, when the connection returns. Every send carries the action's own `Idempotency-Key`, so the
 * server makes it once even when an answer was lost and it is sent again. A form that sends through
 * crewSend gets the queue for nothing.
 */

export type CrewSendResult<T> =
  { ok: true; queued: false; data: T } | { ok: true; queued: true; data: null } | { ok: false; error: ApiError };

export interface CrewAction {
  /** The toast when the server took it. */
  success: string;
  /** What it is, in the list of actions waiting to send ("Payment of $50.00 for B-1042"). */
  label: string;
  /** The booking it is about: its stop says something is waiting. */
  bookingId: string | null;
}

const KEY_HEADER = 'Idempotency-Key';

type Listener = () => void;
const listeners = new Set<Listener>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** The account signed in, as last seen by this page (offline actions are marked with it). */
let knownStaffId: string | null = null;
export const rememberStaff = (staffId: string) => {
  knownStaffId = staffId;
};

/** Whether the server last asked for a new sign-in before it would take the queue. */
let signInNeeded = false;

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

async function enqueue(
  key: string,
  url: string,
  method: QueuedMethod,
  json: unknown,
  action: CrewAction,
): Promise<void> {
  await putAction(
    queuedAction(
      { key, url, method, body: json, label: action.label, bookingId: action.bookingId, staffId: knownStaffId },
      Date.now(),
    ),
  );
  changed();
  toast.info(`Saved on this phone: ${action.label}. Waiting to send.`);
}

export async function crewSend<T>(
  url: string,
  method: QueuedMethod,
  json: unknown,
  action: CrewAction,
): Promise<CrewSendResult<T>> {
  const key = crypto.randomUUID();
  const waiting = (await queuedActions()).some((a) => a.state === 'waiting');
  if (!online() || waiting) {
    await enqueue(key, url, method, json, action);
    void sendQueue();
    return { ok: true, queued: true, data: null };
  }
  const result = await requestJson<T>(url, {
    method,
    json,
    credentials: 'same-origin',
    headers: { [KEY_HEADER]: key },
  });
  const outcome = outcomeOf(result.status, result.ok ? null : result.error);
  if (outcome.kind === 'offline' || outcome.kind === 'sign-in') {
    // Kept with its key: when it did reach the server, sending it again changes nothing.
    await enqueue(key, url, method, json, action);
    if (outcome.kind === 'sign-in') location.assign(loginUrl());
    // Tried again by itself: the browser may never say it went offline, so no `online` event will come.
    else void sendQueue();
    return { ok: true, queued: true, data: null };
  }
  if (result.ok) {
    toast.success(action.success);
    changed();
    return { ok: true, queued: false, data: result.data };
  }
  toast.error(result.error.message);
  return { ok: false, error: result.error };
}

let running: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Sends the waiting actions, oldest first, one at a time. Stops at no connection, a lapsed session
 * or a server fault (tried again later); a refusal is kept with its reason and the next goes on.
 * Only one tab sends at a time (Web Locks, where the browser has them).
 */
export function sendQueue(): Promise<void> {
  if (!online()) {
    scheduleRetry(OFFLINE_RETRY_MS);
    return Promise.resolve();
  }
  running ??= (async () => {
    try {
      if (typeof navigator !== 'undefined' && navigator.locks)
        await navigator.locks.request('crew-app-queue', { ifAvailable: true }, (lock) =>
          lock ? sendRun() : undefined,
        );
      else await sendRun();
    } finally {
      running = null;
    }
  })();
  return running;
}

async function sendRun(): Promise<void> {
  const waiting = (await queuedActions()).filter((a) => a.state === 'waiting');
  if (waiting.length === 0) return;
  const session = await requestJson<{ staff: { id: string } }>(adminApi.session, { credentials: 'same-origin' });
  const sessionOutcome = outcomeOf(session.status, session.ok ? null : session.error);
  signInNeeded = sessionOutcome.kind === 'sign-in';
  if (sessionOutcome.kind === 'offline' || sessionOutcome.kind === 'later') scheduleRetry(OFFLINE_RETRY_MS);
  if (!session.ok) return changed();
  const staffId = session.data.staff.id;
  knownStaffId = staffId;
  let sent = 0;
  for (const action of waiting) {
    if (action.staffId && action.staffId !== staffId) {
      await putAction({
        ...action,
        state: 'refused',
        problem: 'Taken while another account was signed in on this phone: not sent.',
      });
      changed();
      continue;
    }
    // How long ago it was taken by this phone's clock (the server stamps its own time and judges the
    // move at its own now minus this, so a clock that is off does not move it: action-age.ts).
    const result = await requestJson(action.url, {
      method: action.method,
      json: action.body,
      credentials: 'same-origin',
      headers: { [KEY_HEADER]: action.key, [ACTION_AGE_HEADER]: actionAge(action.takenAt, Date.now()) },
    });
    const outcome = outcomeOf(result.status, result.ok ? null : result.error);
    const next = afterOutcome(action, outcome);
    if (next.action) await putAction(next.action);
    else await removeAction(action.key);
    if (outcome.kind === 'sent') sent++;
    if (outcome.kind === 'sign-in') signInNeeded = true;
    changed();
    if (outcome.kind === 'later' && next.action?.state === 'waiting')
      scheduleRetry(retryDelayMs(next.action.serverTries));
    if (outcome.kind === 'offline') scheduleRetry(OFFLINE_RETRY_MS);
    if (!next.goOn) break;
  }
  if (sent > 0)
    toast.success(sent === 1 ? 'Sent 1 action taken without signal.' : `Sent ${sent} actions taken without signal.`);
}

/** One timer: the latest reason to try again sets it. */
function scheduleRetry(delay: number) {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void sendQueue();
  }, delay);
}

/** Forgets a refused action once the crew member has read why. */
export async function dismissAction(key: string): Promise<void> {
  await removeAction(key);
  changed();
}

let started = false;
/** Sends the queue now and whenever the connection returns (once per page). */
export function startCrewQueue(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void sendQueue());
  void sendQueue();
}

export interface CrewQueue {
  actions: QueuedAction[];
  signInNeeded: boolean;
  /** Bumped after every change the server took (sent from a form or from the queue): screens reload. */
  version: number;
}

/** The queue as the day screen shows it, kept current. */
export function useCrewQueue(): CrewQueue {
  const [state, setState] = useState<CrewQueue>({ actions: [], signInNeeded: false, version: 0 });
  useEffect(() => {
    let live = true;
    const refresh = () =>
      void queuedActions()
        .then((actions) => live && setState((s) => ({ actions, signInNeeded, version: s.version + 1 })))
        .catch(() => {});
    listeners.add(refresh);
    refresh();
    return () => {
      live = false;
      listeners.delete(refresh);
    };
  }, []);
  return state;
}
