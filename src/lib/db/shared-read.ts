/**
 * Request coalescing for hot reads: callers asking the same question of the same database while an
 * identical read is already running wait for that read instead of starting another. Nothing is kept
 * once the read settles, so an answer is never older than the read already running when it was asked
 * (milliseconds) — unlike a time-based cache, which can hide a change for as long as it keeps answers.
 *
 * Under load (fifty shoppers checking the same product and date) this turns fifty database round
 * trips into one. Callers share the answer object, so they must treat it as read-only.
 */
export function sharedRead<Scope extends object, T>(): (scope: Scope, key: string, read: () => Promise<T>) => Promise<T> {
  const inFlight = new WeakMap<Scope, Map<string, Promise<T>>>();
  return (scope, key, read) => {
    let reads = inFlight.get(scope);
    if (!reads) inFlight.set(scope, (reads = new Map()));
    const running = reads.get(key);
    if (running) return running;
    const started = read().finally(() => reads.delete(key));
    reads.set(key, started);
    return started;
  };
}
