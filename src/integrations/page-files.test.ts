import { describe, expect, it } from 'vitest';
import { finishedPage } from './page-files';
import { ISLAND_STYLE_TAG, moveIslandStylesToHead } from './island-styles-in-head';
import { inlineScripts } from '../lib/http/inline-scripts';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('finishedPage', () => {
  // Words outside ASCII around every pattern it looks for: their bytes must come through untouched.
  const page = `<html><head><title>Château “Bounce” — 5★</title></head><body><p>Crème brûlée · naïve café · 日本語</p>${ISLAND_STYLE_TAG}<script>window.ready=“→”</script><script type="module">go('é')</script><script type="application/ld+json">{"name":"Château"}</script><astro-island></astro-island><p>’</p></body></html>`;

  it('writes the bytes of the page with its island style moved into <head>, as the text would be', () => {
    const { html } = finishedPage(utf8(page));
    expect(Buffer.from(html).toString('utf8')).toBe(moveIslandStylesToHead(page));
  });

  it('reports the inline scripts as text, those outside ASCII too', () => {
    expect(finishedPage(utf8(page)).inlineScripts).toEqual(inlineScripts(page));
    expect(finishedPage(utf8(page)).inlineScripts).toEqual(['window.ready=“→”', "go('é')"]);
  });

  it('hands back the very bytes it was given when there is nothing to move', () => {
    const bytes = utf8('<html><head></head><body><p>Crème</p></body></html>');
    expect(finishedPage(bytes).html.buffer).toBe(bytes.buffer);
  });
});
