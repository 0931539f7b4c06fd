import { expect, test } from './support/admin';
import { dateFromToday, withCart } from './support/bookings';
import { islandReady } from './support/page-states';

/**
 * On a phone, a press on the next control is what leaves a field; the field's error opening above that
 * control must not push it from under the press: the tap lands where it was aimed, and the error shows after.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a press on the terms box that leaves too-long notes still ticks it, and the notes’ error shows after', async ({
  page,
}) => {
  await withCart(page, {
    item: {
      product: 'popcorn-machine',
      name: 'Popcorn Machine',
      fromPriceCents: 5500,
      image: '/images/products/popcorn-machine.svg',
    },
    event: { date: dateFromToday(120), start: '10:00', end: '16:00' },
    zip: '78664',
    damageWaiver: false,
  });
  await page.goto('/checkout');
  const notes = await islandReady(page.getByLabel('Setup notes'));
  // Priced: the summary's figures have arrived and moved what they move.
  await expect(page.locator('[aria-busy="false"]').getByTestId('quote-deposit')).toBeVisible();
  await notes.fill('x'.repeat(1001));
  const terms = page.getByLabel(/I accept the rental terms/);
  await terms.scrollIntoViewIfNeeded();
  const box = (await terms.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  // The press is aimed at the box as the page stands now.
  await expect
    .poll(() => page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.getAttribute('name'), [x, y]))
    .toBe('acceptTerms');
  await page.mouse.move(x, y);
  await page.mouse.down();
  // The press left the notes and they were checked (the control is marked invalid) before it is released.
  await expect(notes).toHaveAttribute('aria-invalid', 'true');
  await page.mouse.up();
  await expect(terms).toBeChecked();
  await expect(page.locator('[id$="-error"]').filter({ hasText: 'At most 1000 characters' })).toBeVisible();
});
