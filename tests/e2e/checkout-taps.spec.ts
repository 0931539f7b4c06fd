import { expect, test } from './support/admin';
import { dateFromToday, withCart } from './support/bookings';

/**
 * A tap that leaves a field whose error appears above the tapped control still lands on it, on a phone:
 * the error waits for the press to end instead of pushing the control down under the finger.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a press on the terms box that leaves too-long notes still ticks it, and the notes’ error shows after', async ({ page }) => {
  await withCart(page, {
    item: { product: 'popcorn-machine', name: 'Popcorn Machine', fromPriceCents: 5500, image: '/images/products/popcorn-machine.svg' },
    event: { date: dateFromToday(120), start: '10:00', end: '16:00' },
    zip: '78664',
    damageWaiver: false,
  });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByLabel('Setup notes').fill('x'.repeat(1001));
  const terms = page.getByLabel(/I accept the rental terms/);
  await terms.scrollIntoViewIfNeeded();
  const box = (await terms.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // The press left the notes: their error is on the page before the finger lifts.
  const error = page.locator('[id$="-error"]').filter({ hasText: 'At most 1000 characters' });
  await expect(error).toBeAttached();
  await page.mouse.up();
  await expect(terms).toBeChecked();
  await expect(error).toBeVisible();
});
