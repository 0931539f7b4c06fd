import { useEffect, useState } from 'react';
import { datesToForget, keptDates, keptRun } from '../../../lib/crew-app';
import type { DayRun } from '../../../lib/day';
import { adminApi } from '../../../lib/paths';
import { requestJson, type ApiError } from '../../shared/api';
import { staffClock } from '../shared/business';
import { adminRequest, type ReadsAwaited } from '../shared/admin-api';
import { forgetDays, forgetDaysOfOthers, readDay, saveDay, storedDates } from '../shared/crew-device';
import { rememberStaff } from '../shared/crew-send';
import { loadStaff } from '../shared/staff';

export interface CrewDay {
  data: DayRun | null;
  error: ApiError | null;
  loading: boolean;
  /** When the day shown was fetched (ISO instant). */
  fetchedAt: string | null;
  /** Read from the phone: there was no connection. */
  fromPhone: boolean;
}

const notKept: ApiError = {
  code: 'network',
  message:
    'No connection, and this day is not kept on this phone. Today and tomorrow are kept whenever the day screen is opened with a connection.',
};

/** Why a day read again came from the phone: said at the stop whose change it was to show. */
const readFromPhone: ApiError = { code: 'network', message: 'No connection: the day shown is the one kept on this phone.' };

/**
 * The day, from the server when there is a connection (then kept on the phone), from the phone when
 * there is none (issue #26). Opened online, it also fetches and keeps today and tomorrow, and forgets
 * the other days the phone holds (keptDates). `version` reloads it (after a change); `reads` hears
 * whether each read came from the server (null) or why not.
 */
export function useCrewDay(date: string | null, version: number, reads?: Pick<ReadsAwaited, 'started' | 'came'>): CrewDay {
  const [state, setState] = useState<CrewDay>({
    data: null,
    error: null,
    loading: true,
    fetchedAt: null,
    fromPhone: false,
  });
  useEffect(() => {
    if (!date) return;
    const controller = new AbortController();
    let live = true;
    const read = reads?.started() ?? 0;
    const onRead = (problem: ApiError | null) => reads?.came(problem, read);
    setState((s) => ({ ...s, loading: true }));
    void (async () => {
      const result = await adminRequest<DayRun>(adminApi.day.view(date), { signal: controller.signal });
      if (!live) return;
      if (result.ok) {
        const fetchedAt = new Date().toISOString();
        setState({ data: result.data, error: null, loading: false, fetchedAt, fromPhone: false });
        onRead(null);
        const staffId = (await loadStaff())?.id ?? null;
        await saveDay({ date, run: result.data, fetchedAt, staffId });
        await keepDaysOnPhone(date, staffId);
        return;
      }
      if (result.status !== 0) {
        setState((s) => ({ ...s, error: result.error, loading: false }));
        return onRead(result.error);
      }
      const stored = await readDay<DayRun>(date);
      if (!live) return;
      // Without a connection the session cannot be asked: actions taken now are the day's account's.
      if (stored?.staffId) rememberStaff(stored.staffId);
      if (stored) {
        setState({ data: keptRun(stored.run), error: null, loading: false, fetchedAt: stored.fetchedAt, fromPhone: true });
        return onRead(readFromPhone);
      }
      // A day not kept on the phone (not today or tomorrow) that was on screen stays there, said to be
      // from before: losing the signal mid-run must not take the stops away.
      setState((s) =>
        s.data?.date === date
          ? { ...s, error: result.error, loading: false, fromPhone: true }
          : { data: null, error: notKept, loading: false, fetchedAt: null, fromPhone: true },
      );
      onRead(result.error);
    })().catch(() => {});
    return () => {
      live = false;
      controller.abort();
    };
  }, [date, version]);
  return state;
}

/** Today and tomorrow are fetched again at most this often (the screen reloads after every change). */
const KEEP_EVERY_MS = 60_000;
let keptAt = 0;

async function keepDaysOnPhone(opened: string, staffId: string | null): Promise<void> {
  const today = staffClock().today();
  await forgetDays(datesToForget(await storedDates(), today, opened));
  if (staffId) await forgetDaysOfOthers(staffId);
  if (Date.now() - keptAt < KEEP_EVERY_MS) return;
  keptAt = Date.now();
  for (const date of keptDates(today, opened)) {
    if (date === opened) continue;
    const result = await requestJson<DayRun>(adminApi.day.view(date), { credentials: 'same-origin' });
    if (result.ok) await saveDay({ date, run: result.data, fetchedAt: new Date().toISOString(), staffId });
  }
}
