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
 * Those waiting for the next read to come back (a reload's promise): `next(start)` starts a read and
 * resolves with how the first read to come back after it went (null, or why it failed).
 */
export function useReadsAwaited() {
  const [waiting] = useState(() => new Set<(problem: ApiError | null) => void>());
  return useState(() => ({
    next: (start: () => void) =>
      new Promise<ApiError | null>((resolve) => {
        waiting.add(resolve);
        start();
      }),
    came: (problem: ApiError | null) => {
      for (const resolve of waiting) resolve(problem);
      waiting.clear();
    },
  }))[0];
}

/** Loads a GET endpoint and reloads when the URL changes; `reload()` after a change. */
export function useAdminData<T>(url: string | null): AdminData<T> {
  const [state, setState] = useState<{ data: T | null; error: ApiError | null; loading: boolean }>({ data: null, error: null, loading: true });
  const [version, setVersion] = useState(0);
  const readsAwaited = useReadsAwaited();
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    // Times in the answer are shown on the business's clock: wait for the saved zone when the page is asking for it.
    Promise.all([adminRequest<T>(url, { signal: controller.signal }), businessTimeZoneKnown()])
      .then(([result]) => {
        // A read overtaken by a newer one tells its waiters nothing: the newer one will.
        if (controller.signal.aborted) return;
        if (result.ok) setState({ data: result.data, error: null, loading: false });
        else setState((s) => ({ data: s.data, error: result.error, loading: false }));
        readsAwaited.came(result.ok ? null : result.error);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [url, version]);
  const reload = useCallback(() => readsAwaited.next(() => setVersion((v) => v + 1)), []);
  return { ...state, reload };
}
