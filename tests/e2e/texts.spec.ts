import { twilioSignature } from '../../src/lib/texts/signature.server';
import { e2ePort, e2eTwilioAuthToken } from '../support/e2e-env';
import { expect, test } from './support/admin';
import { withCart } from './support/bookings';
import { answerSetupSpot } from './support/setup-spot';

/**
 * Text messages (issue #26), at phone width: with Twilio configured (the e2e server points at the local
 * Twilio double, playwright.config.ts), checkout asks for consent to texts under the phone number, in
 * an optional box that is not ticked; a customer ticks it and books, and the booking screen shows the
 * consent with the exact words they were shown. The customer then answers STOP (a webhook signed as
 * Twilio signs it): the Texts card says when texts stopped, and the booking's history lists it. Both
 * screens stay within 390 px.
 */
const loaded = expect.configure({ timeout: 20_000 });
const partyDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
const fitsWidth = () => document.documentElement.scrollWidth <= document.documentElement.clientWidth;

test('a customer agrees to texts at checkout on a phone, staff see the consent with its words on the booking, and a STOP with when it came', async ({ page, context }) => {
  test.setTimeout(120_000);
  const customer = await context.newPage();
  await customer.setViewportSize({ width: 390, height: 844 });
  await withCart(customer, {
    item: { product: 'giant-connect-four', name: 'Giant Connect Four', fromPriceCents: 12500, image: '/images/products/giant-connect-four.svg' },
    event: { date: partyDate(47), start: '10:00', end: '16:00' },
    zip: '78664',
    damageWaiver: true,
  });
  await customer.goto('/checkout');
  const consent = customer.getByRole('checkbox', { name: /^Text me about this booking/ });
  await loaded(consent).toBeVisible();
  await expect(consent).not.toBeChecked();
  const wording = (await customer.getByTestId('text-consent-wording').textContent())!;
  expect(wording).toMatch(/Reply STOP to stop, HELP for help\. Optional\.$/);
  // The phone number's hint agrees with the box: "on the way" comes by text only when it is ticked.
  await expect(customer.getByText('For the delivery day: our crew calls you if they need to. Tick the box below to get a text when they are on the way.')).toBeVisible();
  expect(await customer.evaluate(fitsWidth)).toBe(true);

  await customer.getByLabel('Full name').fill('Tess Texter');
  await customer.getByLabel('E-mail').fill(`texter-${Date.now()}@example.com`);
  // A number of this run's own: a STOP stops every booking at that number.
  const digits = String(100 + Math.floor(Math.random() * 100)).padStart(4, '0');
  await customer.getByLabel('Mobile phone').fill(`(512) 555-${digits}`);
  await customer.getByLabel('Street address').fill('5 Message Lane');
  await customer.getByLabel('City').fill('Round Rock');
  await consent.check();
  await answerSetupSpot(customer);
  await customer.getByLabel(/I accept the rental terms/).check();
  await customer.getByRole('button', { name: 'Place booking and pay deposit' }).click();
  await customer.waitForURL(/\/pay\/cs_/, { timeout: 30_000 });
  await customer.getByRole('button', { name: 'Pay' }).click();
  await customer.waitForURL(/\/payment-success\?booking=/);
  const bookingNumber = new URL(customer.url()).searchParams.get('booking')!;

  const list = await page.request.get(`/api/admin/bookings?q=${bookingNumber}`);
  const bookingId: string = (await list.json()).items[0].id;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/bookings/${bookingId}`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: /^Texts \(\d+\)$/ }) });
  const number = `+1512555${digits}`;
  await loaded(card).toContainText(`Agreed to texts at ${number}`);
  await expect(card).toContainText(`(at checkout, `);
  await expect(card).toContainText(wording);
  expect(await page.evaluate(fitsWidth)).toBe(true);

  // The customer answers STOP: Twilio posts it, signed, to the inbound webhook.
  const webhook = `http://localhost:${e2ePort}/api/texts/inbound`;
  const form = new URLSearchParams({ From: number, To: '+15005550006', Body: 'STOP', MessageSid: `SM${'0'.repeat(32)}` });
  const stop = await page.request.post(webhook, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(e2eTwilioAuthToken, webhook, form.entries()) },
    data: form.toString(),
  });
  expect(stop.status()).toBe(200);
  await page.reload();
  await loaded(card).toContainText(new RegExp(`Texts stopped on [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d\\d\\s[AP]M: \\${number} answered STOP\\.`));
  const history = page.locator('section', { has: page.getByRole('heading', { name: 'History' }) });
  await expect(history).toContainText(`Texts stopped ${number} answered STOP by text · the customer`);
  expect(await page.evaluate(fitsWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });
});
