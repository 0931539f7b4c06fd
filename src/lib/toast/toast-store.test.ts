import { describe, expect, it, vi } from 'vitest';
import { createToastStore, type Scheduler } from './toast-store';

/** A hand-driven clock: `advance(ms)` fires every callback that has come due. */
function fakeClock() {
  let now = 0;
  let timers: { at: number; callback: () => void; cancelled: boolean }[] = [];
  const schedule: Scheduler = (callback, ms) => {
    const timer = { at: now + ms, callback, cancelled: false };
    timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  };
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((t) => t.at <= now && !t.cancelled);
    timers = timers.filter((t) => t.at > now && !t.cancelled);
    for (const t of due) t.callback();
  };
  return { schedule, advance, pending: () => timers.filter((t) => !t.cancelled).length };
}

/** A store on its own hand-driven clock. */
function clockedStore() {
  const clock = fakeClock();
  return { clock, store: createToastStore({ schedule: clock.schedule }) };
}

const titles = (store: ReturnType<typeof createToastStore>) => store.list().map((t) => t.title);

describe('toast store', () => {
  it('gives each type its spec duration: error 8000, warning 6000, success and info 5000', () => {
    const { store } = clockedStore();
    expect(store.add({ type: 'error', title: 'e' }).duration).toBe(8000);
    expect(store.add({ type: 'warning', title: 'w' }).duration).toBe(6000);
    expect(store.add({ type: 'success', title: 's' }).duration).toBe(5000);
    expect(store.add({ type: 'info', title: 'i' }).duration).toBe(5000);
    expect(store.add({ title: 'no type' })).toMatchObject({ type: 'info', duration: 5000, persistent: false });
  });

  it('keeps every field of a toast and gives it a unique id', () => {
    const { store } = clockedStore();
    const a = store.add({ type: 'success', title: 'Saved', message: 'Your quote request was sent.' });
    const b = store.add({ type: 'success', title: 'Saved' });
    expect(a).toMatchObject({
      type: 'success',
      title: 'Saved',
      message: 'Your quote request was sent.',
      persistent: false,
    });
    expect(a.id).not.toBe(b.id);
    expect(store.list()).toHaveLength(2);
  });

  it.each([
    ['success', 5000],
    ['warning', 6000],
    ['error', 8000],
  ] as const)('removes a %s toast after %i ms, not before', (type, ms) => {
    const { clock, store } = clockedStore();
    store.add({ type, title: 'Booked' });
    clock.advance(ms - 1);
    expect(titles(store)).toEqual(['Booked']);
    clock.advance(1);
    expect(titles(store)).toEqual([]);
  });

  it('honours a custom duration', () => {
    const { clock, store } = clockedStore();
    store.add({ type: 'error', title: 'Quick', duration: 1000 });
    clock.advance(1000);
    expect(store.list()).toEqual([]);
  });

  it('never removes a persistent toast by itself', () => {
    const { clock, store } = clockedStore();
    store.add({ type: 'info', title: 'Stays', persistent: true });
    clock.advance(60 * 60 * 1000);
    expect(titles(store)).toEqual(['Stays']);
    expect(clock.pending()).toBe(0);
  });

  it('removes a toast on close and cancels its timer', () => {
    const { clock, store } = clockedStore();
    const t = store.add({ type: 'success', title: 'Closed early' });
    store.remove(t.id);
    expect(store.list()).toEqual([]);
    expect(clock.pending()).toBe(0);
  });

  it('clear-all empties the list, persistent toasts included', () => {
    const { clock, store } = clockedStore();
    store.add({ type: 'success', title: 'a' });
    store.add({ type: 'error', title: 'b', persistent: true });
    store.clear();
    expect(store.list()).toEqual([]);
    expect(clock.pending()).toBe(0);
  });

  it('replaces a toast added again with the same id and restarts its clock', () => {
    const { clock, store } = clockedStore();
    store.add({ id: 'update', type: 'info', title: 'Checking' });
    clock.advance(4000);
    store.add({ id: 'update', type: 'info', title: 'Still checking' });
    clock.advance(4000);
    expect(titles(store)).toEqual(['Still checking']);
    clock.advance(1000);
    expect(store.list()).toEqual([]);
  });

  it('tells subscribers about every change until they unsubscribe', () => {
    const { store } = clockedStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const t = store.add({ title: 'one' });
    store.remove(t.id);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(listener).toHaveBeenLastCalledWith([]);
    unsubscribe();
    store.add({ title: 'two' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('uses setTimeout by default', () => {
    vi.useFakeTimers();
    try {
      const store = createToastStore();
      store.add({ type: 'warning', title: 'Real timers' });
      vi.advanceTimersByTime(5999);
      expect(store.list()).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(store.list()).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
