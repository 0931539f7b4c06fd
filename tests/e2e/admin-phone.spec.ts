import { adminSections } from '../../src/lib/admin/navigation';
import { adminScreens, expect, expectNoAxeViolations, test } from './support/admin';

/**
 * The crew run the day from their phones: every admin screen at 390 × 844 fits the screen (no
 * sideways scrolling of the page), its buttons and fields are at least 24 px tall and wide (WCAG
 * 2.5.8), and axe finds nothing there. The list of screens covers every menu entry, so a new screen
 * that is not added here fails the first test.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('every menu entry is among the screens checked at phone size', async ({ page }) => {
  const checked = (await adminScreens(page)).map(([address]) => address.split('?')[0]);
  expect(adminSections.filter((s) => s.phone !== false).map((s) => s.href).filter((href) => !checked.includes(href))).toEqual([]);
});

test('every admin screen fits a phone: no sideways scrolling, tap targets of 24 px, no axe violation', async ({ page }) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  for (const [address, heading] of await adminScreens(page)) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first(), address).toBeVisible();
    await page.waitForLoadState('networkidle');
    const layout = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      // What sticks out past the right edge (inside a scrolling box it does not count: the box scrolls, not the page).
      const wide = [...document.querySelectorAll<HTMLElement>('body *')]
        .filter((e) => e.getBoundingClientRect().right > width + 1 && e.getClientRects().length > 0)
        .filter((e) => !e.parentElement?.closest('.overflow-x-auto, .overflow-auto, [data-scrolls]'))
        .slice(0, 3)
        .map((e) => `${e.tagName.toLowerCase()}${e.className && typeof e.className === 'string' ? `.${e.className.split(' ').slice(0, 3).join('.')}` : ''} (${Math.round(e.getBoundingClientRect().right)} px)`);
      const small = [...document.querySelectorAll<HTMLElement>('button, input:not([type=hidden]), select, textarea, [role=button], nav a')]
        .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && (r.width < 24 || r.height < 24);
        })
        .filter((e) => !(e instanceof HTMLInputElement && ['checkbox', 'radio'].includes(e.type) && e.closest('label')))
        .slice(0, 3)
        .map((e) => `${e.tagName.toLowerCase()} "${(e.textContent || e.getAttribute('aria-label') || (e as HTMLInputElement).name || '').trim().slice(0, 30)}" ${Math.round(e.getBoundingClientRect().width)}×${Math.round(e.getBoundingClientRect().height)}`);
      return { scrollWidth: document.documentElement.scrollWidth, width, wide, small };
    });
    if (layout.scrollWidth > layout.width) problems.push(`${address}: page is ${layout.scrollWidth} px wide: ${layout.wide.join(', ')}`);
    if (layout.small.length) problems.push(`${address}: tap targets under 24 px: ${layout.small.join(', ')}`);
    try {
      await expectNoAxeViolations(page);
    } catch (error) {
      problems.push(`${address}: ${(error as Error).message.split('\n').slice(0, 8).join(' ')}`);
    }
  }
  expect(problems).toEqual([]);
});
