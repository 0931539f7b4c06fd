/** SPEC section 9, "Page reload guard": at most one automatic reload per 10 seconds. */
export const RELOAD_GUARD_MS = 10_000;

/**
 * Whether an automatic reload may happen now, given when the last one happened (epoch ms, as
 * stored in sessionStorage, or null). A stamp in the future (clock changed) does not block forever.
 */
export function mayReloadNow(
  lastReloadAt: string | number | null | undefined,
  now: number,
  guardMs = RELOAD_GUARD_MS,
): boolean {
  const last = typeof lastReloadAt === 'string' ? Number(lastReloadAt) : lastReloadAt;
  if (last === null || last === undefined || !Number.isFinite(last)) return true;
  const elapsed = now - last;
  return elapsed >= guardMs || elapsed < 0;
}
