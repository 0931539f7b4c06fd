import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { WAIVER_RULES, WAIVER_VERSION } from '../../src/lib/waivers/waiver-text';
import { cakeOrderBody } from '../support/cake-order';
import { e2eDataDir, e2ePort } from '../support/e2e-env';
import { mailText } from '../support/mail-text';
import { dateFromToday, placeTestBooking } from './support/bookings';
import { expect, test } from './support/admin';
import { humanChecked } from './support/human-check';
import { hydrated } from './support/page-states';

/**
 * Every link a customer or staff member is sent works on the built site, served the way Netlify
 * serves it (netlify.toml's rewrites through Netlify's own local request chain): the personal
 * /hi/{number} page from the quote confirmation and its e-mail, and every other address any e-mail
 * carries. Signed in as the owner, so the staff notices' admin links are followed too.
 */

const origin = `http://localhost:${e2ePort}`;
const outbox = path.resolve(e2eDataDir, 'outbox');

/** The outbox's messages that mention `marker` (a name or address only this test uses), as a person reads them. */
function mailsMentioning(marker: string): string[] {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .map((file) => mailText(readFileSync(path.join(outbox, file), 'utf8')))
    .filter((mail) => mail.includes(marker));
}

/** Every address of this site a message links to, in its text or its HTML. */
function siteLinks(mails: string[]): string[] {
  const links = new Set<string>();
  for (const mail of mails) {
    for (const [found] of mail.matchAll(/https?:\/\/[^\s"'<>)]+/g)) {
      const url = found.replace(/&amp;/g, '&').replace(/[.,;]$/, '');
      if (url.startsWith(origin)) links.add(url);
    }
  }
  return [...links].sort();
}

/** A page link opens a real page (not the 404 page); a file link (the waiver PDF) answers with the file. */
async function expectLinkWorks(page: Page, request: APIRequestContext, url: string) {
  if (new URL(url).pathname.startsWith('/api/')) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    return;
  }
  // A link that differs from the page open only by its #fragment (the change-or-cancel link's key) would
  // not load anything: open it from a blank page, as a click in a mail app does.
  if (url.includes('#')) await page.goto('about:blank');
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await expect(page, url).not.toHaveTitle(/^404/);
  if (new URL(url).pathname.startsWith('/hi/')) await expect(page.getByRole('heading', { level: 1 }), url).toHaveText(/^Hi /);
}

test('the quote confirmation’s personal link opens the quote’s own page', async ({ page }) => {
  await page.goto('/request-a-quote?product=pink-castle-bounce-house');
  await hydrated(page, 'quote-request-form');
  await page.getByLabel('Kind of event').selectOption('birthday');
  await page.getByLabel('Date').fill(dateFromToday(50));
  await page.getByLabel('About how many guests?').fill('25');
  await page.getByLabel('ZIP code of the event').fill('78664');
  await page.getByLabel('Your name').fill('Imani Brooks');
  await page.getByLabel('E-mail').fill(`imani.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Request my quote' }).click();
  const quoteNumber = (await page.getByTestId('quote-number').textContent({ timeout: 30_000 }))!;

  await page.getByRole('link', { name: 'Open your quote page' }).click();
  await expect(page).toHaveURL(`/hi/${quoteNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hi Imani!');
  await expect(page.getByText('We received your quote request')).toBeVisible();
});

test('every link in the e-mails of a quote and its offer, a booking, a waiver, a cake order and the contact forms works', async ({ page, request }) => {
  test.setTimeout(180_000);
  const run = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const name = 'Lucia Linkcheck';
  const email = `links.${run}@example.com`;
  const form = { submissionId: randomUUID(), website: '', name, email };

  const quote = await request.post('/api/quotes', await humanChecked({
    data: { ...form, eventType: 'birthday', eventDate: dateFromToday(40), guestCount: 30, zip: '78664', items: [{ product: 'pink-castle-bounce-house', quantity: 1 }] },
  }));
  expect(quote.status()).toBe(201);
  // Staff answer it with a priced offer, which the customer gets by e-mail.
  const { quoteNumber } = await quote.json();
  const quoteId = (await (await page.request.get(`/api/admin/quotes?q=${quoteNumber}`)).json()).items[0].id as string;
  const offer = await page.request.post(`/api/admin/quotes/${quoteId}/offer`, {
    headers: { origin },
    data: { items: [{ product: 'pink-castle-bounce-house', quantity: 1 }], event: { date: dateFromToday(40), start: '10:00', end: '16:00' }, zip: '78664', message: 'Happy to help!' },
  });
  expect(offer.status(), await offer.text()).toBe(200);

  const { number: bookingNumber, paymentUrl } = await placeTestBooking(request, { name, email, product: 'sticky-wall' });
  // The customer pays the deposit on Stripe's page (the local double); the verified webhook confirms
  // the booking and sends the confirmation and the staff notice.
  await page.goto(paymentUrl!);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/payment-success/);

  const waiver = await request.post('/api/waivers', await humanChecked({
    data: {
      submissionId: randomUUID(),
      website: '',
      access: { bookingNumber, email },
      waiverVersion: WAIVER_VERSION,
      signerName: name,
      signerEmail: email,
      adults: [{ name }],
      guests: [],
      acknowledged: Object.fromEntries(WAIVER_RULES.map((rule) => [rule.id, true])),
      consent: true,
      signatureKind: 'typed',
      typedSignature: name,
    },
  }));
  expect(waiver.status(), await waiver.text()).toBe(201);

  const cake = await request.post('/api/cake-orders', await humanChecked({ data: cakeOrderBody({ name, email, phone: '(512) 555-0142' }) }));
  expect(cake.status()).toBe(201);
  const contact = await request.post('/api/contact', await humanChecked({ data: { ...form, submissionId: randomUUID(), kind: 'contact', message: 'Do you deliver on Sundays?' } }));
  expect(contact.status()).toBe(201);
  const suggestion = await request.post('/api/product-suggestions', await humanChecked({ data: { ...form, submissionId: randomUUID(), what: 'A foam party machine' } }));
  expect(suggestion.status()).toBe(201);

  // Customer messages go to the customer's address and staff notices name the customer, so every one
  // of them mentions `email`; mail leaves through the outbox shortly after each request.
  const expected = ['/hi/', '/track-order', '/sign-waiver', '/api/waivers/', '/admin/bookings/', '/admin/quotes', '/admin/waivers', '/admin/cake-orders', '/admin/product-suggestions'];
  const linkedPaths = () => siteLinks(mailsMentioning(email)).map((link) => new URL(link).pathname);
  await expect.poll(() => expected.filter((prefix) => !linkedPaths().some((p) => p.startsWith(prefix))), { timeout: 30_000 }).toEqual([]);
  const links = siteLinks(mailsMentioning(email));
  for (const link of links) await expectLinkWorks(page, request, link);
});
