import { expect, test } from '@playwright/test';
import { axe, violationLines } from './support/axe';

/**
 * The check every page's accessibility test runs (support/axe.ts) finds what it is there for: a page
 * with three planted violations of WCAG gets all three named, with their elements, and the same page
 * mended gets none. Two landmarks of one name break only a best-practice rule of axe's (landmark-unique),
 * outside the level the pages are held to: not named.
 */
const plantedPage = (mended: boolean) => `<!doctype html>
<html lang="en"><head><title>Planted</title></head>
<body><main>
  <h1>Planted violations</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" ${mended ? 'alt="A party"' : ''} id="photo">
  <p id="faint" style="color: ${mended ? '#333' : '#ccc'}; background: #fff">Hard to read</p>
  ${mended ? '<label for="email">E-mail</label>' : ''}<input id="email" type="text">
  <section aria-labelledby="rules"><h2 id="rules">Rules</h2><div role="region" aria-labelledby="rules" tabindex="0">Text</div></section>
</main></body></html>`;

test('the accessibility check names each planted WCAG violation and its element, and none once mended', async ({ page }) => {
  await page.setContent(plantedPage(false));
  const { violations } = await axe(page).analyze();
  expect(violationLines(violations).sort()).toEqual(['color-contrast: #faint', 'image-alt: #photo', 'label: #email']);

  await page.setContent(plantedPage(true));
  expect(violationLines((await axe(page).analyze()).violations)).toEqual([]);
});
