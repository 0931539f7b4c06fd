import { describe, expect, it, vi } from 'vitest';
import * as page from '../../scripts/hold-early-sends';
import { EARLY_SEND_ATTRIBUTE, FORM_READY_ATTRIBUTE, SUBMIT_HELD_ATTRIBUTE, takeOverSends } from './early-submit';
const { holdEarlySends } = page;

/** A page holding one form: here the same target, which is all holdEarlySends reads of them. */
class FakePage extends EventTarget {
  readonly attributes = new Set<string>();
  readonly requestSubmit = vi.fn();
  constructor(attributes: string[]) {
    super();
    for (const name of attributes) this.attributes.add(name);
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
  setAttribute(name: string) {
    this.attributes.add(name);
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  /** The browser's send of the form; true when nothing stopped it (the page would be left for a GET with the data). */
  send(): boolean {
    return this.dispatchEvent(new Event('submit', { cancelable: true }));
  }
}

/** A page with the holding script, and a listener standing for the island's own (React's). */
function withForm(attributes = [EARLY_SEND_ATTRIBUTE]) {
  const form = new FakePage(attributes);
  holdEarlySends(form);
  const island = vi.fn();
  form.addEventListener('submit', island);
  return { form, island, asForm: form as unknown as HTMLFormElement };
}

describe('a send before the island is ready', () => {
  it('is named alike by the page’s script and the island', () => {
    expect([page.EARLY_SEND_ATTRIBUTE, page.FORM_READY_ATTRIBUTE, page.SUBMIT_HELD_ATTRIBUTE]).toEqual([EARLY_SEND_ATTRIBUTE, FORM_READY_ATTRIBUTE, SUBMIT_HELD_ATTRIBUTE]);
  });

  it('is stopped, kept from the island, and marked on the form', () => {
    const { form, island } = withForm();
    expect(form.send()).toBe(false);
    expect(island).not.toHaveBeenCalled();
    expect(form.hasAttribute(SUBMIT_HELD_ATTRIBUTE)).toBe(true);
  });

  it('is made by the island once it takes over, and later sends are the island’s alone', () => {
    const { form, island, asForm } = withForm();
    form.send();
    takeOverSends(asForm);
    expect(form.requestSubmit).toHaveBeenCalledOnce();
    expect(form.hasAttribute(SUBMIT_HELD_ATTRIBUTE)).toBe(false);
    expect(form.hasAttribute(FORM_READY_ATTRIBUTE)).toBe(true);
    expect(form.send()).toBe(true);
    expect(island).toHaveBeenCalledOnce();
  });

  it('makes no send when the island takes over and none was held', () => {
    const { form, asForm } = withForm();
    takeOverSends(asForm);
    expect(form.requestSubmit).not.toHaveBeenCalled();
  });

  it('leaves alone a form that does not take over held sends', () => {
    const { form, island } = withForm([]);
    expect(form.send()).toBe(true);
    expect(island).toHaveBeenCalledOnce();
    expect(form.hasAttribute(SUBMIT_HELD_ATTRIBUTE)).toBe(false);
  });
});
