import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The accessibility level every page is held to: WCAG 2.2 AA (with the 2.0 and 2.1 rules it keeps). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe over `page` with the project's WCAG tags, reporting violations only.
 *
 * Run as one `axe.run` in the page (legacy mode) rather than @axe-core/playwright's default, which runs
 * `axe.runPartial` in every frame and then `axe.finishRun` in a blank page of its own: that default
 * serializes every element of every rule's result, those that pass included (a CSS selector, an XPath
 * and the ancestry of each), loads axe a second time into the new page and sends it all the results.
 * It exists for cross-origin frames, and the site has no frames. The violations are the same: the same
 * rules run over the same document; `resultTypes` only keeps axe from listing each passing element.
 */
export function axe(page: Page): AxeBuilder {
  // options() replaces every option given before it, the tags among them: first.
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS).setLegacyMode(true);
}

/** One line a violation: the rule, then the elements that break it. */
export const violationLines = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) =>
  violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** axe over the current page with the project's WCAG tags; the screen must have no violation. */
export async function expectNoAxeViolations(page: Page) {
  // Colours are judged as they end up: let transitions (a toast sliding in over another) finish first;
  // an endless animation (a spinner) is waited for 2 s at most.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 2_000 })
    .catch(() => {});
  const { violations } = await axe(page).analyze();
  expect(violationLines(violations)).toEqual([]);
}
