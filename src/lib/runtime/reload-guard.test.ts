import { describe, expect, it } from 'vitest';
import { mayReloadNow, RELOAD_GUARD_MS } from './reload-guard';

describe('reload guard', () => {
  const now = 1_700_000_000_000;

  it('is 10 seconds', () => {
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  it('allows the first reload', () => {
    expect(mayReloadNow(null, now)).toBe(true);
    expect(mayReloadNow(undefined, now)).toBe(true);
    expect(mayReloadNow('not a number', now)).toBe(true);
  });

  it('blocks a second reload within 10 seconds', () => {
    expect(mayReloadNow(now - 1, now)).toBe(false);
    expect(mayReloadNow(String(now - 9_999), now)).toBe(false);
  });

  it('allows a reload once 10 seconds have passed', () => {
    expect(mayReloadNow(now - 10_000, now)).toBe(true);
    expect(mayReloadNow(String(now - 60_000), now)).toBe(true);
  });

  it('is not stuck by a stamp from the future', () => {
    expect(mayReloadNow(now + 5_000, now)).toBe(true);
  });
});
