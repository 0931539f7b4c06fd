import { encodePng } from '../../src/cli/sample-png';
import { expect, test } from './support/admin';
import { randomUUID } from 'node:crypto';
import { dateFromToday, lookUpBooking, placeTestBooking, withCart } from './support/bookings';
import { answerSetupSpot } from './support/setup-spot';

/**
 * Issue #38: the customer adds a photo of the setup spot from the tracking page on a phone, a file that
 * is not a photo is refused at the field (nothing sent), and staff see the photo on the booking's
 * Setup spot card; photos picked at checkout go up with the new booking's key once it is placed.
 */

/** A 400 × 300 opaque PNG: a "lawn" the browser decodes and shrinks like a phone photo. */
function lawnPng(): Buffer {
  const [width, height] = [400, 300];
  const rows = Buffer.alloc((1 + width * 3) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) rows.set([40 + (x % 40), 140 + (y % 60), 50], row + 1 + x * 3);
  }
  return encodePng({ width, height, bitDepth: 8, colourType: 2 }, rows);
}

test.use({ viewport: { width: 390, height: 844 } });

test('a photo of the setup spot from the tracking page reaches the booking’s Setup spot card', async ({ page }) => {
  test.setTimeout(120_000);
  const booking = await placeTestBooking(page.request, { name: 'Photo Yard', product: 'table-and-chair-set' });
  await lookUpBooking(page, booking.number, booking.email);

  const card = page.getByRole('region', { name: 'Photos of your setup spot' });
  await expect(card.getByTestId('site-photos-count')).toHaveText('No photos yet.');
  const field = card.getByLabel(/Photos of the setup spot/);

  // Not a photo, whatever its name says: refused here, nothing sent.
  await field.setInputFiles({ name: 'yard.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.7 not a photo') });
  await expect(field).toHaveAccessibleDescription(/“yard\.jpg” is not a photo we can use\. Choose a JPEG, PNG or WebP photo\./);
  await expect(card.getByTestId('site-photos-count')).toHaveText('No photos yet.');

  await field.setInputFiles({ name: 'lawn.png', mimeType: 'image/png', buffer: lawnPng() });
  await expect(card.getByTestId('site-photos-count')).toHaveText('1 photo of 3 added: the crew will see it before they come.');
  await expect(card.getByRole('img', { name: 'Photo 1 of the setup spot' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);

  // Staff (this page is signed in as the owner) see it on the booking, loaded through their session.
  const found = await (await page.request.get(`/api/admin/bookings?q=${booking.number}`)).json();
  await page.goto(`/admin/bookings/${found.items[0].id}`);
  const photo = page.getByRole('img', { name: 'Setup spot photo 1 (opens a new tab)' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
});

test('a photo picked at checkout goes up with the new booking', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `photo.checkout.${randomUUID().slice(0, 8)}@example.com`;
  const item = { product: 'pink-castle-bounce-house', name: 'Pink Castle Bounce House', fromPriceCents: 19500, image: '/images/products/pink-castle-bounce-house.svg' };
  await withCart(page, { item, event: { date: dateFromToday(120 + Math.floor(Math.random() * 150)), start: '10:00', end: '16:00' }, zip: '78664', damageWaiver: true });
  await page.goto('/checkout');
  await page.getByLabel('Full name').fill('Photo Checkout');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mobile phone').fill('(512) 555-0188');
  await page.getByLabel('Street address').fill('12 Lawn Ln');
  await page.getByLabel('City').fill('Round Rock');
  await answerSetupSpot(page);
  const questions = page.getByTestId('site-questions');
  await questions.getByLabel(/Photos of the setup spot/).setInputFiles({ name: 'lawn.png', mimeType: 'image/png', buffer: lawnPng() });
  await expect(questions.getByRole('img', { name: 'Photo 1 of the setup spot' })).toBeVisible();
  await page.getByLabel(/I accept the rental terms/).check();
  // The customer corrects an answer and books before the new price is back (held here until the booking
  // is placed): the photos still go up with it. Once they were left behind whenever a price was loading.
  let releasePrice!: () => void;
  const priceHeld = new Promise<void>((resolve) => (releasePrice = resolve));
  await page.route('**/api/quote-price', async (route) => {
    await priceHeld;
    await route.continue().catch(() => {});
  });
  const gate = questions.getByLabel('How wide is the narrowest gate or door on the way, in inches?');
  await gate.fill('50');
  await gate.press('Tab');
  await expect(page.locator('[aria-busy="true"]').getByTestId('quote-total')).toBeVisible();
  await page.getByRole('button', { name: 'Place booking and pay deposit' }).click();
  // On to the deposit's payment page: the photo went up before it.
  await page.waitForURL(/\/pay\/cs_/);
  releasePrice();

  const found = await (await page.request.get(`/api/admin/bookings?q=${encodeURIComponent(email)}`)).json();
  const booking = await (await page.request.get(`/api/admin/bookings/${found.items[0].id}`)).json();
  expect(booking.site.photos).toHaveLength(1);
});
