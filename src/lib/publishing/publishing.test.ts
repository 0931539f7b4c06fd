import { describe, expect, it } from 'vitest';
import { decideRebuild, LOCAL_PUBLISH_HELP, NO_HOOK_HELP, publishesAutomatically, publishingHelp, REBUILD_DEBOUNCE_MS } from './publishing';

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

  it('fires npm start\'s own hook only for "Publish now", however long the change has waited', () => {
    const waiting = { count: 2, newestRequestedAt: ago(REBUILD_DEBOUNCE_MS * 10) };
    expect(decideRebuild({ waiting, hookConfigured: true, automatic: false, now, force: false })).toEqual({ fire: false, why: 'publish-now-only' });
    expect(decideRebuild({ waiting, hookConfigured: true, automatic: false, now, force: true })).toEqual({ fire: true });
  });

  it('fires nothing without a build hook', () => {
    expect(decideRebuild({ waiting: { count: 5, newestRequestedAt: ago(REBUILD_DEBOUNCE_MS * 10) }, hookConfigured: false, now, force: true })).toEqual({
      fire: false,
      why: 'no-hook',
    });
  });
});

describe('publishingHelp', () => {
  it('says how to turn publishing on without a hook, and what publishing does under npm start', () => {
    expect(publishingHelp(undefined)).toBe(NO_HOOK_HELP);
    expect(publishingHelp('http://localhost:4321/.netlify/local-build-hook/3f9a')).toBe(LOCAL_PUBLISH_HELP);
    expect(LOCAL_PUBLISH_HELP).toContain('NETLIFY_BUILD_HOOK_URL');
  });

  it('needs no note for Netlify\'s own build hook', () => {
    expect(publishingHelp('https://api.netlify.com/build_hooks/5f0c')).toBeNull();
  });
});

describe('publishesAutomatically', () => {
  it('is true for Netlify\'s build hook only', () => {
    expect(publishesAutomatically('https://api.netlify.com/build_hooks/5f0c')).toBe(true);
    expect(publishesAutomatically('http://localhost:4321/.netlify/local-build-hook/3f9a')).toBe(false);
    expect(publishesAutomatically(undefined)).toBe(false);
  });
});
