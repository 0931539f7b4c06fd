import { describe, expect, it } from 'vitest';
import { isFatalClientError } from './fatal-error';

const origin = 'https://pinkflamingo.example';

describe('isFatalClientError', () => {
  it('counts an uncaught error from the site’s own script', () => {
    expect(
      isFatalClientError({ error: new TypeError('x is undefined'), filename: `${origin}/_astro/page.js`, origin }),
    ).toBe(true);
  });

  it('counts an unhandled rejection with an error', () => {
    expect(isFatalClientError({ error: new Error('Cart could not be restored'), origin })).toBe(true);
  });

  it('leaves failed chunk loads to the reload', () => {
    expect(
      isFatalClientError({ error: new TypeError('Failed to fetch dynamically imported module: /_astro/a.js'), origin }),
    ).toBe(false);
  });

  it('ignores cross-origin scripts and their hidden "Script error."', () => {
    expect(isFatalClientError({ error: null, message: 'Script error.', filename: '', origin })).toBe(false);
    expect(
      isFatalClientError({ error: new Error('boom'), filename: 'https://www.googletagmanager.com/gtag/js', origin }),
    ).toBe(false);
    expect(
      isFatalClientError({ error: new Error('boom'), filename: 'chrome-extension://abc/content.js', origin }),
    ).toBe(false);
  });

  it('ignores aborted requests and the ResizeObserver notice', () => {
    expect(isFatalClientError({ error: new DOMException('The user aborted a request.', 'AbortError'), origin })).toBe(
      false,
    );
    expect(
      isFatalClientError({
        error: null,
        message: 'ResizeObserver loop completed with undelivered notifications.',
        origin,
      }),
    ).toBe(false);
  });

  it('ignores a page transition the browser skipped, aborted or timed out', () => {
    for (const [message, name] of [
      ['Transition was aborted because of invalid state', 'InvalidStateError'],
      ['Transition was aborted because of timeout in DOM update', 'TimeoutError'],
      ['Transition was skipped', 'AbortError'],
    ]) {
      expect(isFatalClientError({ error: new DOMException(message, name), origin })).toBe(false);
    }
    expect(isFatalClientError({ error: new DOMException('The object is in an invalid state.', 'InvalidStateError'), origin })).toBe(true);
  });
});
