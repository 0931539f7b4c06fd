import type { APIRequestContext, Page } from '@playwright/test';
import { formatMoney } from '../../src/lib/money';
import { formatMediumDate } from '../../src/lib/time';
import { e2ePort } from '../support/e2e-env';
import { signaturePng } from '../../src/cli/sample-png';
import { createStaffViaApi, crewPhone, expect, expectNoAxeViolations, test } from './support/admin';
import { businessDate, partyToday, partyTomorrow, placePhoneBooking } from './support/bookings';

const origin = { origin: `http://localhost:${e2ePort}` };

/**
 * A confirmed booking of this test's own whose party is today, its whole total still to collect: the
 * crew's status moves open on the drop-off's day, and the phone keeps today's run.
 */
const bookingOnItsOwnDay = (request: APIRequestContext) => partyToday(request, { name: 'Offline Crew', product: 'pink-castle-bounce-house' });

/** The day page, its scripts and the day itself are on the phone: the service worker serves the page, IndexedDB the day. */
async function keptOnPhone(phone: Page, date: string): Promise<string> {
  return phone.evaluate(async (day) => {
    if (!navigator.serviceWorker.controller) return 'no service worker yet';
    if (!(await caches.match('/admin/day', { ignoreSearch: true }))) return 'page not cached';
    const scripts = performance.getEntriesByType('resource').map((e) => e.name).filter((name) => new URL(name).pathname.startsWith('/_astro/'));
    for (const script of scripts) if (!(await caches.match(script))) return `script not cached: ${script}`;
    if (!(await indexedDB.databases()).some((d) => d.name === 'crew-app')) return 'no crew-app database';
    const stored = await new Promise<boolean>((resolve) => {
      const open = indexedDB.open('crew-app');
      open.onsuccess = () => {
        const db = open.result;
        const get = db.transaction('days').objectStore('days').get(day);
        get.onsuccess = () => {
          resolve(get.result !== undefined);
          db.close();
        };
      };
    });
    return stored ? 'kept' : 'day not stored';
  }, date);
}

test('the crew phone without signal: reload the day, read the route, record a status, a payment and a damage photo; back online each reaches the server once, in order', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { date, id, number } = await bookingOnItsOwnDay(page.request);
  const credentials = await createStaffViaApi(page, 'crew');

  // Its own account, signed in through the sign-in page: this proof signs out at its end.
  const { crew, phone } = await crewPhone(browser, credentials);
  // The admin installs as the crew app, opening on the day screen.
  const manifest = await phone.request.get((await phone.locator('link[rel="manifest"]').getAttribute('href'))!);
  expect(await manifest.json()).toMatchObject({ start_url: '/admin/day', display: 'standalone' });

  await phone.goto(`/admin/day?date=${date}`);
  const drop = phone.getByRole('article', { name: new RegExp(`^Stop \\d+: Drop-off ${number}$`) });
  await expect(drop).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByText(/^Last fetched /)).toBeVisible();
  await expect.poll(() => keptOnPhone(phone, date), { timeout: 30_000 }).toBe('kept');

  // No signal: the page comes from the service worker, the day from the phone.
  await crew.setOffline(true);
  const reloaded = await phone.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(phone.getByText('No connection.')).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByText(/^Last fetched /)).toBeVisible();
  await expect(drop).toContainText('7 Weak Signal Way');
  await expect(drop).toContainText('Collect');
  await expect(drop.getByRole('link', { name: '(512) 555-0188' })).toBeVisible();
  await expect(phone.getByRole('link', { name: /Whole route in Maps/ })).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

  // The changes that reached the server (an attempt that fails without signal does not count).
  const sent: string[] = [];
  phone.on('requestfinished', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/admin/')) sent.push(new URL(request.url()).pathname);
  });

  // 1. On the road.
  await drop.getByRole('button', { name: `Mark out for delivery ${number}` }).click();
  await expect(drop.getByText(`${number}: out for delivery`)).toBeVisible();
  await expect(drop.getByRole('button', { name: `Mark out for delivery ${number}` })).toBeDisabled();
  // 2. $50 cash at the door.
  await drop.getByRole('button', { name: `Record payment ${number}` }).click();
  const payment = drop.getByRole('form', { name: `Payment collected for ${number}` });
  await payment.getByLabel('Amount collected ($)').fill('50');
  await payment.getByRole('button', { name: 'Save payment' }).click();
  await expect(payment).toHaveCount(0);
  await expect(drop.getByText(`${number}: payment of $50`)).toBeVisible();
  // 3. Damage, with a photo taken on the lawn.
  await drop.getByRole('button', { name: `Report damage ${number}` }).click();
  const damage = drop.getByRole('form', { name: `Damage report for ${number}` });
  await damage.getByLabel('What is damaged').fill('Torn seam by the entrance, offline');
  await damage.getByLabel('Photo').setInputFiles({ name: 'seam.png', mimeType: 'image/png', buffer: Buffer.from(signaturePng().split(',')[1]!, 'base64') });
  await damage.getByRole('button', { name: 'Save damage report' }).click();
  await expect(damage).toHaveCount(0);

  const waiting = phone.getByRole('region', { name: 'Waiting to send (3)' });
  await expect(waiting.getByRole('listitem')).toHaveText([
    new RegExp(`^${number}: out for delivery`),
    new RegExp(`^${number}: payment of \\$50`),
    new RegExp(`^${number}: damage to .+ \\(with photo\\)`),
  ]);
  expect(sent).toEqual([]);
  await expectNoAxeViolations(phone);
  // Nothing reached the server yet (the owner's browser is online).
  expect((await (await page.request.get(`/api/admin/bookings/${id}`)).json()).status).toBe('confirmed');

  // Signal again: sent in the order taken, each once.
  await crew.setOffline(false);
  // (At the browser's online event, or the next try: the queue is tried every 15 s while it waits.)
  await expect(phone.getByText('Sent 3 actions taken without signal.')).toBeVisible({ timeout: 45_000 });
  await expect(phone.getByRole('region', { name: /^Waiting to send/ })).toHaveCount(0);
  await expect(drop.getByText('Out for delivery', { exact: true })).toBeVisible();
  expect(sent.filter((path) => path.includes(id) || path.includes('/damage-reports'))).toEqual([
    `/api/admin/bookings/${id}/status`,
    `/api/admin/day/bookings/${id}/payments`,
    expect.stringMatching(/^\/api\/admin\/day\/units\/[0-9a-f-]+\/damage-reports$/),
  ]);

  // Another device (the owner's browser) sees them: once each, in the order taken.
  const detail = await (await page.request.get(`/api/admin/bookings/${id}`)).json();
  expect(detail.status).toBe('out_for_delivery');
  const cash = detail.payments.filter((p: { method: string }) => p.method === 'cash');
  expect(cash).toHaveLength(1);
  expect(cash[0].amountCents).toBe(5000);
  type Entry = { action: string; at: string; after: { status?: string } | null };
  const onTheRoad = detail.history.filter((h: Entry) => h.action === 'booking.status' && h.after?.status === 'out_for_delivery');
  const paid = detail.history.filter((h: Entry) => h.action === 'booking.payment');
  expect([onTheRoad.length, paid.length]).toEqual([1, 1]);
  const paymentAt = Date.parse(paid[0].at);
  expect(Date.parse(onTheRoad[0].at)).toBeLessThan(paymentAt);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/day?date=${date}`);
  const ownerDrop = page.getByRole('article', { name: new RegExp(`^Stop \\d+: Drop-off ${number}$`) });
  await expect(ownerDrop.getByText('Out for delivery', { exact: true })).toBeVisible({ timeout: 15_000 });
  const unit = (await (await page.request.get(`/api/admin/day?date=${date}`)).json()).routes.flatMap((r: { stops: { bookingId: string; units: { unitId: string; label: string }[] }[] }) => r.stops).find((s: { bookingId: string }) => s.bookingId === id).units[0];
  const units = await (await page.request.get(`/api/admin/inventory?q=${encodeURIComponent(unit.label)}`)).json();
  const reports = units.items.find((u: { id: string }) => u.id === unit.unitId).damageReports.filter((r: { bookingNumber: string }) => r.bookingNumber === number);
  expect(reports).toHaveLength(1);
  expect(reports[0].photoUrl).toMatch(/\/photo$/);
  expect(paymentAt).toBeLessThan(Date.parse(reports[0].at));

  // Signing out clears the phone: nothing of the day is left on it. (The page opened without signal
  // could not ask who is signed in: the crew member opens the day again first.)
  await phone.reload();
  await expect(drop).toBeVisible({ timeout: 15_000 });
  await phone.getByRole('button', { name: 'Account', exact: true }).click();
  await phone.getByRole('button', { name: 'Sign out' }).click();
  await expect(phone).toHaveURL(/\/admin\/login/);
  const left = await phone.evaluate(async () => ({
    crewData: (await indexedDB.databases()).some((d) => d.name === 'crew-app'),
    dayPage: Boolean(await caches.match('/admin/day', { ignoreSearch: true })),
  }));
  expect(left).toEqual({ crewData: false, dayPage: false });
  await crew.close();
});

test('a party still "Deposit due" on its day: the crew take the money at the door without signal, the stop asks for less while it waits, and the deposit confirms the booking once sent', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { date, id, number } = await placePhoneBooking(page.request, { name: 'Door Deposit', product: 'toddler-jungle-bounce-house', from: 300, status: 'deposit_due', line1: '9 Cash Ct' });
  type Stop = { bookingId: string; kind: string; balanceCents: number; depositDueCents: number };
  const facts = (await (await page.request.get(`/api/admin/day?date=${date}`)).json()).routes
    .flatMap((r: { stops: Stop[] }) => r.stops)
    .find((s: Stop) => s.bookingId === id && s.kind === 'delivery') as Stop;
  const { balanceCents: balance, depositDueCents: deposit } = facts;
  expect(deposit).toBeGreaterThan(2500);
  expect(balance).toBeGreaterThan(deposit);

  const { crew, phone } = await crewPhone(browser);
  await phone.goto(`/admin/day?date=${date}`);
  const drop = phone.getByRole('article', { name: new RegExp(`^Stop \\d+: Drop-off ${number}$`) });
  await expect(drop).toBeVisible({ timeout: 15_000 });
  // The screen says what the party is and what to do: collect, and how much confirms it.
  await expect(drop.getByText('Deposit due', { exact: true })).toBeVisible();
  await expect(drop).toContainText(`Collect ${formatMoney(balance)}`);
  await expect(drop).toContainText(`Not confirmed: the deposit is still due. Collecting at least ${formatMoney(deposit)} confirms the booking.`);
  await expect(drop.getByRole('button', { name: `Mark out for delivery ${number}` })).toHaveCount(0);
  await expect.poll(() => keptOnPhone(phone, date), { timeout: 30_000 }).toBe('kept');

  await crew.setOffline(true);
  await phone.reload();
  await expect(phone.getByText('No connection.')).toBeVisible({ timeout: 15_000 });
  const record = async (dollars: string) => {
    await drop.getByRole('button', { name: `Record payment ${number}` }).click();
    const form = drop.getByRole('form', { name: `Payment collected for ${number}` });
    await form.getByLabel('Amount collected ($)').fill(dollars);
    await form.getByRole('button', { name: 'Save payment' }).click();
    await expect(form).toHaveCount(0);
  };
  // $25 now: the stop asks for the rest and says the $25 waits to send.
  await record('25');
  await expect(drop.getByText(`${number}: payment of $25`)).toBeVisible();
  await expect(drop).toContainText(`Collect ${formatMoney(balance - 2500)}`);
  await expect(drop).toContainText('$25 collected, waiting to send');
  await expect(drop).toContainText(`Collecting at least ${formatMoney(deposit - 2500)} confirms the booking.`);
  // The rest of the deposit: confirmed once it is sent, and the drop-off's move is offered meanwhile
  // (without signal too, the phone holds it to the drop-off's day: months ahead here, so it is off and says so).
  await record(((deposit - 2500) / 100).toFixed(2));
  await expect(drop).toContainText(`Collect ${formatMoney(balance - deposit)}`);
  await expect(drop).toContainText(`${formatMoney(deposit)} collected, waiting to send`);
  await expect(drop).toContainText('The deposit is collected: the booking is confirmed when the payment is sent.');
  const goOut = drop.getByRole('button', { name: `Mark out for delivery ${number}` });
  await expect(goOut).toBeVisible();
  await expect(goOut).toBeDisabled();
  await expect(goOut).toHaveAccessibleDescription(`${number} cannot be marked out for delivery before the day of its drop-off and party, ${formatMediumDate(date)}. Today is ${formatMediumDate(businessDate(0))}.`);
  await expect(phone.getByRole('region', { name: 'Waiting to send (2)' })).toBeVisible();
  await expectNoAxeViolations(phone);
  expect((await (await page.request.get(`/api/admin/bookings/${id}`)).json()).status).toBe('deposit_due');

  await crew.setOffline(false);
  await expect(phone.getByText('Sent 2 actions taken without signal.')).toBeVisible({ timeout: 45_000 });
  await expect(drop.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(drop).toContainText(`Collect ${formatMoney(balance - deposit)}`);
  await expect(drop).not.toContainText('waiting to send');
  await expect(drop).not.toContainText('Not confirmed');
  const detail = await (await page.request.get(`/api/admin/bookings/${id}`)).json();
  expect(detail.status).toBe('confirmed');
  expect(detail.payments.filter((p: { method: string }) => p.method === 'cash').map((p: { amountCents: number }) => p.amountCents)).toEqual([2500, deposit - 2500]);
  expect(detail.history.filter((h: { action: string; after: { status?: string } | null }) => h.action === 'booking.status' && h.after?.status === 'confirmed')).toHaveLength(1);
  await crew.close();
});

test('without signal a crew member adds a note and a guest signs a waiver on the phone; back online both reach the server once, in order', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // A waiver is signed at most a day before the party: tomorrow's party, one of the two days the phone keeps.
  const party = await partyTomorrow(page.request);
  const { crew, phone } = await crewPhone(browser);
  await phone.goto(`/admin/day?date=${party.date}`);
  const drop = phone.getByRole('article', { name: new RegExp(`Drop-off ${party.number}$`) });
  await expect(drop).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => keptOnPhone(phone, party.date), { timeout: 30_000 }).toBe('kept');

  await crew.setOffline(true);
  await phone.reload();
  await expect(phone.getByText('No connection.')).toBeVisible({ timeout: 15_000 });
  const sent: string[] = [];
  phone.on('requestfinished', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/admin/')) sent.push(new URL(request.url()).pathname);
  });

  await drop.getByRole('button', { name: `Add note ${party.number}` }).click();
  const note = drop.getByRole('form', { name: `Note for ${party.number}` });
  await note.getByLabel('Note').fill('Gate code 4411, offline');
  await note.getByRole('button', { name: 'Save note' }).click();
  await expect(note).toHaveCount(0);

  // The guest signs on the crew's phone: the waiver's text and form come from the phone too.
  await drop.getByRole('button', { name: `Guest signs a waiver for ${party.number}` }).click();
  const form = drop.getByRole('form', { name: `Waiver for ${party.number}` });
  await expect(form.getByTestId('waiver-text')).toContainText(`Booking: ${party.number}`);
  await form.getByLabel('Your full name').fill('Lena Okafor');
  await form.getByLabel('Your e-mail').fill('lena.okafor@example.com');
  await form.getByLabel('Adult 1: full name').fill('Lena Okafor');
  for (const box of await form.getByRole('checkbox').all()) await box.check();
  await form.getByLabel('Type my signature').check();
  await form.getByLabel('Type your full name as your signature').fill('Lena Okafor');
  await form.getByRole('button', { name: 'Sign the waiver' }).click();
  await expect(form).toHaveCount(0);

  const waiting = phone.getByRole('region', { name: 'Waiting to send (2)' });
  await expect(waiting.getByRole('listitem')).toHaveText([new RegExp(`^${party.number}: note`), new RegExp(`^${party.number}: waiver signed by Lena Okafor`)]);
  expect(sent).toEqual([]);

  await crew.setOffline(false);
  await expect(phone.getByText('Sent 2 actions taken without signal.')).toBeVisible({ timeout: 45_000 });
  expect(sent.filter((path) => path.includes(party.id))).toEqual([`/api/admin/bookings/${party.id}/notes`, `/api/admin/day/bookings/${party.id}/waivers`]);

  // The office sees one waiver, marked as signed on the crew's phone, and the note.
  const detail = await (await page.request.get(`/api/admin/bookings/${party.id}`)).json();
  expect(detail.waivers.map((w: { signerName: string }) => w.signerName)).toEqual(['Lena Okafor']);
  expect(detail.history.filter((h: { action: string }) => h.action === 'booking.crew_waiver')).toHaveLength(1);
  expect(JSON.stringify(detail)).toContain('Gate code 4411, offline');
  await crew.close();
});

test('a status taken without signal for a booking the office cancelled meanwhile is shown as not sent, with the reason, until dismissed', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { date, id, number } = await bookingOnItsOwnDay(page.request);
  const { crew, phone } = await crewPhone(browser);
  await phone.goto(`/admin/day?date=${date}`);
  const drop = phone.getByRole('article', { name: new RegExp(`^Stop \\d+: Drop-off ${number}$`) });
  await expect(drop).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => keptOnPhone(phone, date), { timeout: 30_000 }).toBe('kept');

  await crew.setOffline(true);
  await phone.reload();
  await expect(phone.getByText('No connection.')).toBeVisible({ timeout: 15_000 });
  await drop.getByRole('button', { name: `Mark out for delivery ${number}` }).click();
  await expect(phone.getByRole('region', { name: 'Waiting to send (1)' })).toBeVisible();

  // Meanwhile the office cancels the party.
  const cancelled = await page.request.post(`/api/admin/bookings/${id}/status`, { data: { to: 'cancelled', reason: 'Customer called to cancel' }, headers: origin });
  expect(cancelled.status()).toBe(200);

  await crew.setOffline(false);
  const refused = phone.getByRole('region', { name: 'Not sent (1): check these' });
  await expect(refused).toContainText(`${number}: out for delivery`, { timeout: 45_000 });
  await expect(refused).toContainText(/cancelled cannot become out for delivery/i);
  await expect(phone.getByRole('region', { name: /^Waiting to send/ })).toHaveCount(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  expect((await (await page.request.get(`/api/admin/bookings/${id}`)).json()).status).toBe('cancelled');
  await expectNoAxeViolations(phone);
  await refused.getByRole('button', { name: `Dismiss ${number}: out for delivery` }).click();
  await expect(refused).toHaveCount(0);
  await crew.close();
});
