import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { inSendingOrder, type QueuedAction, WORKER_CACHES } from '../../../lib/crew-app';

/**
 * What the crew's phone keeps (issue #26), in IndexedDB through `idb` (a 1 kB promise wrapper, already
 * Workbox's own): the days read without signal and the queue of actions taken without it. Signing out
 * clears it all, with the service worker's admin caches (clearCrewDevice).
 */

/** One day as last fetched: what the day screen shows without signal. */
export interface StoredDay<Run = unknown> {
  date: string;
  run: Run;
  /** When it was fetched (ISO instant). */
  fetchedAt: string;
  /** The account it was fetched for: another account on the phone does not read it. */
  staffId: string | null;
}

interface CrewDb extends DBSchema {
  days: { key: string; value: StoredDay };
  queue: { key: string; value: QueuedAction };
}

const DB_NAME = 'crew-app';

let opening: Promise<IDBPDatabase<CrewDb>> | null = null;
const open = () =>
  (opening ??= openDB<CrewDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('days', { keyPath: 'date' });
      db.createObjectStore('queue', { keyPath: 'key' });
    },
    // Signing out in another tab deletes the database: let go of it here.
    blocking() {
      const closing = opening;
      opening = null;
      void closing?.then((db) => db.close());
    },
  }));

/** Set at sign-out: this page, on its way to the sign-in page, must not make the database again. */
let cleared = false;
const available = () => !cleared && typeof indexedDB !== 'undefined';

export async function saveDay(day: StoredDay): Promise<void> {
  if (!available()) return;
  await (await open()).put('days', day);
}

export async function readDay<Run>(date: string): Promise<StoredDay<Run> | null> {
  if (!available()) return null;
  return ((await (await open()).get('days', date)) as StoredDay<Run> | undefined) ?? null;
}

export async function storedDates(): Promise<string[]> {
  if (!available()) return [];
  return (await open()).getAllKeys('days');
}

export async function forgetDays(dates: readonly string[]): Promise<void> {
  if (!available() || dates.length === 0) return;
  const tx = (await open()).transaction('days', 'readwrite');
  await Promise.all([...dates.map((date) => tx.store.delete(date)), tx.done]);
}

/** Days fetched for another account than the one signed in now. */
export async function forgetDaysOfOthers(staffId: string): Promise<void> {
  if (!available()) return;
  const db = await open();
  const days = await db.getAll('days');
  await forgetDays(days.filter((d) => d.staffId !== staffId).map((d) => d.date));
}

export async function queuedActions(): Promise<QueuedAction[]> {
  if (!available()) return [];
  return inSendingOrder(await (await open()).getAll('queue'));
}

export async function putAction(action: QueuedAction): Promise<void> {
  if (!available()) return;
  await (await open()).put('queue', action);
}

export async function removeAction(key: string): Promise<void> {
  if (!available()) return;
  await (await open()).delete('queue', key);
}

/** Everything the crew app kept on this device: the days, the queue and the service worker's admin caches. */
export async function clearCrewDevice(): Promise<void> {
  if (available()) {
    cleared = true;
    const db = opening ? await opening.catch(() => null) : null;
    db?.close();
    opening = null;
    await deleteDB(DB_NAME).catch(() => {});
  }
  if (typeof caches !== 'undefined') await caches.delete(WORKER_CACHES.dayPage).catch(() => false);
}

/**
 * Makes the day screen open without signal: registers the site's service worker (which keeps the day
 * page, src/scripts/sw.ts) and, the first time, puts this page and the scripts it loaded in its caches
 * (they were fetched before the worker took the page over, so it has not seen them).
 */
export async function keepDayScreenOnPhone(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof caches === 'undefined') return;
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const page = await caches.open(WORKER_CACHES.dayPage);
  if (!(await page.match(location.pathname, { ignoreSearch: true }))) await page.add(location.pathname);
  const assets = await caches.open(WORKER_CACHES.assets);
  const scripts = new Set(
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/_astro/'))
      .map((url) => url.href),
  );
  for (const url of scripts) if (!(await assets.match(url))) await assets.add(url).catch(() => {});
}

/**
 * Signing out (the header's button, the two-step setup's): the phone forgets the crew app's days,
 * queue and cached page first, after a warning when actions taken without signal have not been sent.
 * Resolves false when the staff member chose to stay.
 */
export async function signOutOfDevice(signOut: () => Promise<unknown>): Promise<boolean> {
  const unsent = (await queuedActions().catch(() => [])).filter((a) => a.state === 'waiting').length;
  const warning = `${unsent === 1 ? '1 action' : `${unsent} actions`} taken without signal ${unsent === 1 ? 'has' : 'have'} not been sent yet. Signing out deletes ${unsent === 1 ? 'it' : 'them'} from this phone. Sign out anyway?`;
  if (unsent > 0 && !confirm(warning)) return false;
  await clearCrewDevice();
  await signOut();
  return true;
}
