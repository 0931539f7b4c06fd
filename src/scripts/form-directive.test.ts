import { describe, expect, it, vi } from 'vitest';
import { FORM_READY_ATTRIBUTE, SUBMIT_HELD_ATTRIBUTE, takeOverSends } from '../islands/forms/early-submit';
import { startFormIsland } from './form-directive';

/** An island holding one form: here the same target, which is all the directive reads of them. */
class FakeFormIsland extends EventTarget {
  readonly attributes = new Set<string>();
  readonly requestSubmit = vi.fn();
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
  setAttribute(name: string) {
    this.attributes.add(name);
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  /** The browser's send of the form; true when nothing stopped it (the page would be left with a GET). */
  send(): boolean {
    return this.dispatchEvent(new Event('submit', { cancelable: true }));
  }
}

function host(load: () => Promise<() => Promise<void>> = vi.fn(async () => hydrate)) {
  const island = new FakeFormIsland();
  let near = () => {};
  const stopWatching = vi.fn();
  startFormIsland({
    load,
    island,
    watchNearScreen: (callback) => {
      near = callback;
      return stopWatching;
    },
  });
  return { island, load, stopWatching, comeNear: () => near() };
}
const hydrate = vi.fn(async () => {});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('client:form', () => {
  it('loads nothing until the form comes near the screen, then hydrates once', async () => {
    const { island, load, stopWatching, comeNear } = host();
    await settle();
    expect(load).not.toHaveBeenCalled();
    comeNear();
    island.dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(load).toHaveBeenCalledOnce();
    expect(stopWatching).toHaveBeenCalledOnce();
  });

  it('holds a send made before the form can answer it, and loads the island at once', async () => {
    const { island, load } = host();
    expect(island.send()).toBe(false);
    expect(island.hasAttribute(SUBMIT_HELD_ATTRIBUTE)).toBe(true);
    await settle();
    expect(load).toHaveBeenCalledOnce();
    // A second tap while it loads is held the same way, and loads nothing more.
    expect(island.send()).toBe(false);
    await settle();
    expect(load).toHaveBeenCalledOnce();
  });

  it('holds sends until the island has taken over, which makes the held send and then answers sends itself', async () => {
    const { island, comeNear } = host();
    comeNear();
    await settle();
    // Hydrated, but the form's effects have not run yet: still held.
    expect(island.send()).toBe(false);
    takeOverSends(island as unknown as HTMLFormElement);
    expect(island.requestSubmit).toHaveBeenCalledOnce();
    expect(island.hasAttribute(SUBMIT_HELD_ATTRIBUTE)).toBe(false);
    expect(island.hasAttribute(FORM_READY_ATTRIBUTE)).toBe(true);
    // The directive stands aside: this send reaches the island's own listener.
    const reached = vi.fn();
    island.addEventListener('submit', reached);
    island.send();
    expect(reached).toHaveBeenCalledOnce();
  });

  it('makes no send when none was held', () => {
    const island = new FakeFormIsland();
    takeOverSends(island as unknown as HTMLFormElement);
    expect(island.requestSubmit).not.toHaveBeenCalled();
  });

  it('asks for the script again at the next touch when it did not arrive', async () => {
    const load = vi.fn<() => Promise<() => Promise<void>>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(hydrate);
    const { island } = host(load);
    island.send();
    await settle();
    expect(load).toHaveBeenCalledOnce();
    island.dispatchEvent(new Event('focusin'));
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
