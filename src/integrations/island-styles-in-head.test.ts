import { describe, expect, it } from 'vitest';
import { ISLAND_STYLE_TAG, moveIslandStylesToHead } from './island-styles-in-head';

describe('moveIslandStylesToHead', () => {
  it('moves the island style from the body to the end of <head>', () => {
    const page = `<html><head><title>x</title></head><body><h1>x</h1>${ISLAND_STYLE_TAG}<script>1</script><astro-island></astro-island></body></html>`;
    expect(moveIslandStylesToHead(page)).toBe(
      `<html><head><title>x</title>${ISLAND_STYLE_TAG}</head><body><h1>x</h1><script>1</script><astro-island></astro-island></body></html>`,
    );
  });

  it('keeps one copy when a page has several, and leaves a page without islands alone', () => {
    const page = `<html><head></head><body>${ISLAND_STYLE_TAG}<p></p>${ISLAND_STYLE_TAG}</body></html>`;
    expect(moveIslandStylesToHead(page)).toBe(`<html><head>${ISLAND_STYLE_TAG}</head><body><p></p></body></html>`);
    const plain = '<html><head></head><body><p>no islands</p></body></html>';
    expect(moveIslandStylesToHead(plain)).toBe(plain);
  });
});
