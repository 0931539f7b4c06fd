import { describe, expect, it } from 'vitest';
import { decideRebuild, LOCAL_PUBLISH_HELP, NO_HOOK_HELP, publishesAutomatically, publishingHelp, publishingPhase, REBUILD_DEBOUNCE_MS } from './publishing';

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
  it('says, in an owner’s words, when changes reach the site without a hook and under npm start', () => {
    expect(publishingHelp(undefined, true)).toBe(NO_HOOK_HELP);
    expect(publishingHelp('http://localhost:4321/.netlify/local-build-hook/3f9a', true)).toBe(LOCAL_PUBLISH_HELP);
    expect(NO_HOOK_HELP).toMatch(/reach your public site the next time/);
    expect(LOCAL_PUBLISH_HELP).toMatch(/Publish now updates the public pages/);
    // Developer detail (commands, build tools, variables) is in the README, not in the owner's panel.
    for (const help of [NO_HOOK_HELP, LOCAL_PUBLISH_HELP]) expect(help).not.toMatch(/npm|astro|NETLIFY_|build hook|`/i);
  });

  it('needs no note for Netlify\'s own build hook', () => {
    expect(publishingHelp('https://api.netlify.com/build_hooks/5f0c', true)).toBeNull();
  });

  it('says nothing about publishing to staff who cannot publish', () => {
    expect(publishingHelp(undefined, false)).toBeNull();
    expect(publishingHelp('http://localhost:4321/.netlify/local-build-hook/3f9a', false)).toBeNull();
  });
});

describe('publishesAutomatically', () => {
  it('is true for Netlify\'s build hook only', () => {
    expect(publishesAutomatically('https://api.netlify.com/build_hooks/5f0c')).toBe(true);
    expect(publishesAutomatically('http://localhost:4321/.netlify/local-build-hook/3f9a')).toBe(false);
    expect(publishesAutomatically(undefined)).toBe(false);
  });
});

describe('publishingPhase', () => {
  const started = '2027-03-01T15:00:00.000Z';
  const at = (iso: string) => new Date(iso);
  const phase = (over: Partial<Parameters<typeof publishingPhase>[0]>) =>
    publishingPhase({ site: { builtAt: '2027-03-01T14:00:00.000Z' }, waiting: 0, lastTriggeredAt: started, lastError: null, now: at('2027-03-01T15:01:00.000Z'), ...over });

  it('says the site is updating from the start of a build until the site serves it, never "nothing waiting" before', () => {
    // "Publish now" pressed: nothing is waiting any more, but the site still serves the build from before.
    expect(phase({})).toBe('updating');
    // The new build is not readable yet (deploying): still on its way.
    expect(phase({ site: null })).toBe('updating');
    expect(phase({ site: { builtAt: null } })).toBe('updating');
    // The served build is the new one.
    expect(phase({ site: { builtAt: '2027-03-01T15:00:40.000Z' } })).toBe('up-to-date');
    expect(phase({ site: { builtAt: '2027-03-01T15:00:40.000Z' }, waiting: 2 })).toBe('waiting');
  });

  it('stops saying so half an hour after a start that never went live', () => {
    expect(phase({ now: at('2027-03-01T15:29:59.000Z') })).toBe('updating');
    expect(phase({ now: at('2027-03-01T15:30:00.000Z') })).toBe('up-to-date');
    expect(phase({ now: at('2027-03-01T15:30:00.000Z'), site: null })).toBe('unknown');
  });

  it('says a failed start, changes waiting, and what it cannot tell', () => {
    expect(phase({ lastError: 'The build hook answered 500' })).toBe('failed');
    expect(phase({ lastTriggeredAt: null, waiting: 3 })).toBe('waiting');
    expect(phase({ lastTriggeredAt: null })).toBe('up-to-date');
    expect(phase({ lastTriggeredAt: null, site: null })).toBe('unknown');
  });
});
