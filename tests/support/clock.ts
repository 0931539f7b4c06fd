import { vi } from 'vitest';

/**
 * Runs `fn` with the clock standing at `instant` (Date only: timers and the database keep real time),
 * so a handler's `new Date()` reads the test's own moment. A staff session used inside must be made
 * inside too: sessions expire by this clock.
 */
export async function withClockAt<T>(instant: Date, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}
