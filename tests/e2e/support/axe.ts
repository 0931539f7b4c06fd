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

/**
 * Waits until the page is painted as it will stay: three frames in a row with no toast still to mount
 * (sonner renders it transparent and only then starts its fade-in) or on its way out, and no finite
 * animation running. An endless one (a spinner) never settles and is left out. axe reads colours as
 * they are painted, so a toast caught mid-fade has half its contrast; and a check between the toast's
 * first render and its fade's start would see no animation at all, hence the frames and the toasts.
 */
async function paintedStill(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const still = () =>
          !document.querySelector('[data-sonner-toast]:not([data-mounted="true"]), [data-sonner-toast][data-removed="true"]') &&
          document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity);
        let stillFrames = 0;
        const frame = () => {
          stillFrames = still() ? stillFrames + 1 : 0;
          if (stillFrames === 3) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** axe over the current page (or only `scope`) once it is painted still; the screen must have no violation. */
export async function expectNoAxeViolations(page: Page, { scope, state }: { scope?: string | undefined; state?: string } = {}) {
  await paintedStill(page);
  let builder = axe(page);
  if (scope) builder = builder.include(scope);
  const { violations } = await builder.analyze();
  expect(violationLines(violations), state && `axe violations (${state})`).toEqual([]);
}
