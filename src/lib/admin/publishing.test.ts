import { describe, expect, it } from 'vitest';
import { decideRebuild, REBUILD_DEBOUNCE_MS } from './publishing';

const now = new Date('2026-06-01T15:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('decideRebuild', () => {
  it('waits while the newest change is less than two minutes old, and says until when', () => {
    const newest = ago(REBUILD_DEBOUNCE_MS - 1000);
    expect(decideRebuild({ waiting: { count: 3, newestRequestedAt: newest }, hookConfigured: true, now, force: false })).toEqual({
      fire: false,
      why: 'debouncing',
      retryAt: new Date(newest.getTime() + REBUILD_DEBOUNCE_MS),
    });
  });

  it('fires once the newest change is two minutes old', () => {
    expect(decideRebuild({ waiting: { count: 1, newestRequestedAt: ago(REBUILD_DEBOUNCE_MS) }, hookConfigured: true, now, force: false })).toEqual({ fire: true });
  });

  it('"Publish now" fires at once, however recent the change', () => {
    expect(decideRebuild({ waiting: { count: 1, newestRequestedAt: ago(1000) }, hookConfigured: true, now, force: true })).toEqual({ fire: true });
  });

  it('fires nothing when nothing is waiting, even when forced', () => {
    expect(decideRebuild({ waiting: { count: 0, newestRequestedAt: null }, hookConfigured: true, now, force: true })).toEqual({ fire: false, why: 'nothing-waiting' });
  });

  it('fires nothing without a build hook', () => {
    expect(decideRebuild({ waiting: { count: 5, newestRequestedAt: ago(REBUILD_DEBOUNCE_MS * 10) }, hookConfigured: false, now, force: true })).toEqual({
      fire: false,
      why: 'no-hook',
    });
  });
});
