import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { adminPaths } from '../../../lib/paths';
import { requestJson, type ApiError, type ApiResult } from '../../shared/api';
import { businessTimeZoneKnown } from './business';

/** Where a signed-out visitor goes, returning to this page after signing in. */
export function loginUrl(): string {
  return adminPaths.login(here());
}

const here = () => `${location.pathname}${location.search}`;

/**
 * fetch + JSON for admin screens: a lapsed session sends staff to the sign-in page, and an owner
 * without a second factor to set it up (coming back here afterwards); every other failure is
 * returned for the screen to show.
 */
export async function adminRequest<T>(url: string, init: RequestInit & { json?: unknown } = {}): Promise<ApiResult<T>> {
  const result = await requestJson<T>(url, { credentials: 'same-origin', ...init });
  if (!result.ok && result.status === 401) location.assign(loginUrl());
  // An owner without a second factor may do nothing in the admin before setting it up.
  if (!result.ok && result.error.code === 'two_factor_required') location.assign(adminPaths.twoFactorThen(here()));
  return result;
}

/**
 * A change (POST/PUT/PATCH/DELETE) with a toast either way. Returns the data, or null after
 * showing the error (field errors are returned too, for forms to show beside their inputs).
 */
export async function adminMutate<T>(
  url: string,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  json: unknown,
  /** The toast on success; a function when it depends on the answer. */
  success: string | ((data: T) => string),
  /** The toast on a refusal, when the form says the reason elsewhere (the error's message by default). */
  failure: (error: ApiError) => string = (error) => error.message,
): Promise<{ ok: true; data: T } | { ok: false; error: ApiError }> {
  const result = await adminRequest<T>(url, { method, json });
  if (result.ok) {
    toast.success(typeof success === 'function' ? success(result.data) : success);
    return { ok: true, data: result.data };
  }
  toast.error(failure(result.error));
  return { ok: false, error: result.error };
}

export interface AdminData<T> {
  data: T | null;
  error: ApiError | null;
  loading: boolean;
  /**
   * Reads it again; resolves once a read has come back: null when it came, or why not (the data shown
   * is then still the old). A screen whose buttons wait for the read after a change needs to know it failed.
   */
  reload(): Promise<ApiError | null>;
}

/**
 * Those waiting for a read to come back after a change (a reload's promise): `next(start)` starts a read
 * and resolves with how it went (null, or why it failed). Each read takes its number as it starts
 * (`started()`) and gives it back with its answer (`came`): an answer resolves only those who asked
 * before that read started, so a read already under way when the change was made, answering before
 * the new one is sent, does not pass for it (its data are from before the change).
 */
export interface ReadsAwaited {
  next(start: () => void): Promise<ApiError | null>;
  started(): number;
  came(problem: ApiError | null, read: number): void;
}

export function awaitedReads(): ReadsAwaited {
  const waiting = new Map<(problem: ApiError | null) => void, number>();
  let asked = 0;
  return {
    next: (start) =>
      new Promise((resolve) => {
        waiting.set(resolve, ++asked);
        start();
      }),
    started: () => asked,
    came: (problem, read) => {
      for (const [resolve, askedAs] of waiting) {
        if (askedAs > read) continue;
        waiting.delete(resolve);
        resolve(problem);
      }
    },
  };
}

/** A screen's reads awaited (awaitedReads), kept for its life. */
export const useReadsAwaited = (): ReadsAwaited => useState(awaitedReads)[0];

/**
 * One read of a screen's address (useAdminData's): `ask` fetches it, `show` takes the answer, and the
 * reloads waiting hear how it went. Returns what stops it, for when a newer read overtakes it. With no
 * address there is nothing to read, and the reloads waiting are answered at once (nothing failed):
 * left waiting, a screen whose buttons wait for the read after a change stayed off for good.
 */
export function readForScreen<T>(
  url: string | null,
  reads: ReadsAwaited,
  ask: (url: string, signal: AbortSignal) => Promise<ApiResult<T>>,
  show: (result: ApiResult<T>) => void,
): () => void {
  if (!url) {
    reads.came(null, reads.started());
    return () => {};
  }
  const controller = new AbortController();
  const read = reads.started();
  ask(url, controller.signal)
    .then((result) => {
      // A read overtaken by a newer one tells its waiters nothing: the newer one will.
      if (controller.signal.aborted) return;
      show(result);
      reads.came(result.ok ? null : result.error, read);
    })
    .catch(() => {});
  return () => controller.abort();
}

/** Loads a GET endpoint and reloads when the URL changes; `reload()` after a change. */
export function useAdminData<T>(url: string | null): AdminData<T> {
  const [state, setState] = useState<{ data: T | null; error: ApiError | null; loading: boolean }>({ data: null, error: null, loading: true });
  const [version, setVersion] = useState(0);
  const readsAwaited = useReadsAwaited();
  useEffect(() => {
    if (url) setState((s) => ({ ...s, loading: true }));
    return readForScreen<T>(
      url,
      readsAwaited,
      // Times in the answer are shown on the business's clock: wait for the saved zone when the page is asking for it.
      async (address, signal) => (await Promise.all([adminRequest<T>(address, { signal }), businessTimeZoneKnown()]))[0],
      (result) => (result.ok ? setState({ data: result.data, error: null, loading: false }) : setState((s) => ({ data: s.data, error: result.error, loading: false }))),
    );
  }, [url, version]);
  const reload = useCallback(() => readsAwaited.next(() => setVersion((v) => v + 1)), []);
  return { ...state, reload };
}
