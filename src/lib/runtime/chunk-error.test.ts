import { describe, expect, it } from 'vitest';
import { isChunkLoadError, isSiteScriptUrl } from './chunk-error';

describe('isChunkLoadError', () => {
  it.each([
    new TypeError('Failed to fetch dynamically imported module: https://example.com/_astro/Cart.B2x9.js'),
    new TypeError('Importing a module script failed.'),
    new TypeError('error loading dynamically imported module: https://example.com/_astro/x.js'),
    'Failed to fetch dynamically imported module',
    new Error('Unable to preload CSS for /_astro/Cart.B2x9.css'),
  ])('recognises %s', (reason) => {
    expect(isChunkLoadError(reason)).toBe(true);
  });

  it.each([
    new Error('Cannot read properties of undefined'),
    // What a dynamically imported module's own code rejects with (the human check refused: 429).
    new Error('busy'),
    'NetworkError when attempting to fetch resource.',
    null,
    42,
    {},
  ])('ignores %s', (reason) => {
    expect(isChunkLoadError(reason)).toBe(false);
  });
});

describe('isSiteScriptUrl', () => {
  const origin = 'https://pinkflamingo.example';
  it('accepts this site’s bundled scripts', () => {
    expect(isSiteScriptUrl('/_astro/page.Bx12.js', origin)).toBe(true);
    expect(isSiteScriptUrl('https://pinkflamingo.example/_astro/a.js', origin)).toBe(true);
  });
  it('rejects third-party and other scripts', () => {
    expect(isSiteScriptUrl('https://www.googletagmanager.com/gtag/js?id=G-1', origin)).toBe(false);
    expect(isSiteScriptUrl('/sw.js', origin)).toBe(false);
  });
});
