import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { crewStorageState, e2ePort, ownerStorageState } from '../support/e2e-env';
import { crewPhone, expect, expectNoAxeViolations, test } from './support/admin';
import { formatMediumDate } from '../../src/lib/time';
import { dateFromToday, moveBookingsToAPastDay, placePhoneBooking } from './support/bookings';
import { humanChecked } from './support/human-check';

const origin = { origin: `http://localhost:${e2ePort}` };

/**
 * Two confirmed bookings of this test's own on one date far ahead (other specs book random days up
 * to ten months out): placed through the public API, confirmed by the owner as after a phone call.
 */
async function twoBookingsOnOneDay(request: APIRequestContext): Promise<{ date: string; numbers: [string, string]; ids: [string, string] }> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const date = dateFromToday(320 + Math.floor(Math.random() * 40));
    const numbers: string[] = [];
    for (const [product, zip] of [['pink-castle-bounce-house', '78664'], ['toddler-jungle-bounce-house', '78613']] as const) {
      const response = await request.post('/api/bookings', await humanChecked({
        data: {
          items: [{ product, quantity: 1 }],
          event: { date, start: '11:00', end: '16:00' },
          customer: { name: `Day Crew ${numbers.length + 1}`, email: `day.crew.${randomUUID().slice(0, 8)}@example.com`, phone: '(512) 555-0177' },
          address: { line1: `${numbers.length + 10} Lawn Ln`, city: 'Round Rock', state: 'TX', zip, surface: 'grass' },
          acceptTerms: true,
        },
      }));
      if (response.status() !== 201) break;
      numbers.push((await response.json()).bookingNumber);
    }
    if (numbers.length < 2) continue;
    const ids: string[] = [];
    for (const number of numbers) {
      const found = await (await request.get(`/api/admin/bookings?q=${number}`)).json();
      const confirmed = await request.post(`/api/admin/bookings/${found.items[0].id}/status`, { data: { to: 'confirmed' }, headers: origin });
      expect(confirmed.status()).toBe(200);
      ids.push(found.items[0].id);
    }
    return { date, numbers: numbers as [string, string], ids: ids as [string, string] };
  }
  throw new Error('Could not place two bookings on one day');
}

test('a crew member on a phone opens the day, moves a stop down, marks a drop-off delivered, and records a payment, a note and damage there', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { date: bookedFor, numbers, ids } = await twoBookingsOnOneDay(page.request);
  const [castle, toddler] = numbers;
  const { crew, phone } = await crewPhone(browser);

  // Months before the parties nothing of them can be marked: the button is off and says from when.
  await phone.goto(`/admin/day?date=${bookedFor}`);
  const notYet = phone.getByRole('article', { name: new RegExp(`Drop-off ${castle}$`) }).getByRole('button', { name: `Mark out for delivery ${castle}` });
  await expect(notYet).toBeDisabled({ timeout: 15_000 });
  await expect(notYet).toHaveAccessibleDescription(new RegExp(`^${castle} cannot be marked out for delivery before the day of its drop-off and party, ${formatMediumDate(bookedFor)}\\. Today is `));
  // The rest on a day the parties have had (a past day of their own), where every crew move is open.
  const date = await moveBookingsToAPastDay(ids);

  await phone.goto('/admin');

  await phone.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'The day' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'The day' })).toBeVisible();
  await phone.getByLabel('Date', { exact: true }).fill(date);
  await expect(phone).toHaveURL(new RegExp(`date=${date}`));

  // Both parties start at 11:00: the castle's set-up (45 min) starts before the toddler house's (30).
  const run = phone.getByRole('region', { name: /^Not assigned to a truck/ });
  const stops = run.getByRole('article');
  await expect(stops).toHaveCount(4);
  await expect(stops.nth(0)).toHaveAccessibleName(`Stop 1: Drop-off ${castle}`);
  await expect(stops.nth(0)).toContainText('10:15 AM – 11:00 AM');
  await expect(stops.nth(1)).toHaveAccessibleName(`Stop 2: Drop-off ${toddler}`);
  await expect(stops.nth(0).getByRole('link', { name: '(512) 555-0177' })).toHaveAttribute('href', 'tel:5125550177');
  await expect(stops.nth(0).getByRole('link', { name: /Round Rock, TX 78664/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
  await expect(run.getByRole('link', { name: /Whole route in Maps/ })).toHaveAttribute('href', /waypoints=/);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  await expectNoAxeViolations(phone);

  // The castle goes second: the keyboard stays on the button pressed, on the stop that moved, and the order is saved.
  await stops.nth(0).getByRole('button', { name: /Move down/ }).click();
  await expect(stops.nth(0)).toHaveAccessibleName(`Stop 1: Drop-off ${toddler}`);
  await expect(stops.nth(1)).toHaveAccessibleName(`Stop 2: Drop-off ${castle}`);
  await expect(stops.nth(1).getByRole('button', { name: /Move down/ })).toBeFocused();
  await expect(phone.getByText(`${castle} drop-off moved down to stop 2.`)).toBeVisible();
  await phone.reload();
  await expect(stops.nth(1)).toHaveAccessibleName(`Stop 2: Drop-off ${castle}`);

  // On the road, then delivered, with the status endpoint's own rules.
  const castleDrop = stops.nth(1);
  // On a slow line the day read again after the move is held: until it comes, the button stays off
  // (switched on again there, a second tap sent the move again, refused as a conflict).
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const dayReads = (url: URL) => url.pathname === '/api/admin/day' && url.searchParams.get('date') === date;
  await phone.route(dayReads, async (route) => (await released, route.fallback()));
  const outForDelivery = castleDrop.getByRole('button', { name: `Mark out for delivery ${castle}` });
  await outForDelivery.click();
  await expect(phone.getByText(`${castle}: out for delivery.`)).toBeVisible();
  await expect(outForDelivery).toBeDisabled();
  release();
  await phone.unroute(dayReads);
  await expect(castleDrop.getByText('Out for delivery', { exact: true })).toBeVisible();
  // The day read again after the next mark fails (no signal): the phone's copy, from before the mark,
  // comes back. The card says so, with a way to read the day again; the mark made stays off (a second
  // tap sent it twice), where before the button stayed off until the page was reloaded.
  await phone.route(dayReads, (route) => route.abort('internetdisconnected'));
  const delivered = castleDrop.getByRole('button', { name: `Mark delivered ${castle}` });
  await delivered.click();
  const readAgain = castleDrop.getByRole('alert').filter({ hasText: 'The day could not be read again' });
  await expect(readAgain).toContainText(`${castle}: delivered.`);
  await expect(delivered).toBeDisabled();
  await phone.unroute(dayReads);
  await readAgain.getByRole('button', { name: 'Read the day again' }).click();
  await expect(castleDrop.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(readAgain).toHaveCount(0);
  // The pickup is next for that booking.
  await expect(run.getByRole('article', { name: `Stop 3: Pickup ${castle}` }).or(run.getByRole('article', { name: `Stop 4: Pickup ${castle}` }))).toContainText('Mark picked up');

  // Cash at the door: an amount that is not one is refused beside the field, then $50 is recorded.
  await castleDrop.getByRole('button', { name: `Record payment ${castle}` }).click();
  const payment = castleDrop.getByRole('form', { name: `Payment collected for ${castle}` });
  await payment.getByLabel('Amount collected ($)').fill('fifty');
  await payment.getByRole('button', { name: 'Save payment' }).click();
  await expect(payment.getByText('Enter the amount collected')).toBeVisible();
  await expect(payment.getByLabel('Amount collected ($)')).toBeFocused();
  await payment.getByLabel('Amount collected ($)').fill('50');
  await payment.getByRole('button', { name: 'Save payment' }).click();
  await expect(phone.getByText(`$50 recorded for ${castle}.`)).toBeVisible();
  await expect(payment).toHaveCount(0);

  // A note for the office: an empty one is refused, a written one lands in the stop's staff notes.
  await castleDrop.getByRole('button', { name: `Add note ${castle}` }).click();
  const note = castleDrop.getByRole('form', { name: `Note for ${castle}` });
  await note.getByRole('button', { name: 'Save note' }).click();
  await expect(note.getByText('Write a note')).toBeVisible();
  await note.getByLabel('Note').fill('Gate code 4411, dog in the yard');
  await note.getByRole('button', { name: 'Save note' }).click();
  await expect(note).toHaveCount(0);
  await expect(castleDrop).toContainText('Gate code 4411, dog in the yard');

  // Damage found on set-up: a report needs a description, then goes to the unit's notes.
  await castleDrop.getByRole('button', { name: `Report damage ${castle}` }).click();
  const damage = castleDrop.getByRole('form', { name: `Damage report for ${castle}` });
  await damage.getByRole('button', { name: 'Save damage report' }).click();
  await expect(damage.getByText('Describe the damage (at least 3 characters)')).toBeVisible();
  await damage.getByLabel('What is damaged').fill('Torn seam on the left wall');
  await damage.getByRole('button', { name: 'Save damage report' }).click();
  await expect(phone.getByText(/^Damage to .+ reported\.$/)).toBeVisible();
  await expect(damage).toHaveCount(0);
  await crew.close();
});

test('on a phone a booking’s drop-off and pickup are two short cards: the details one tap away, "Record payment" once, the truck named in full', async ({ page }) => {
  test.setTimeout(120_000);
  const { date, numbers } = await twoBookingsOnOneDay(page.request);
  const [castle] = numbers;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/day?date=${date}`);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
  const run = page.getByRole('region', { name: /^Not assigned to a truck/ });
  const dropOff = run.getByRole('article', { name: new RegExp(`Drop-off ${castle}$`) });
  const pickup = run.getByRole('article', { name: new RegExp(`Pickup ${castle}$`) });
  await expect(dropOff).toBeVisible({ timeout: 15_000 });
  await expect(pickup).toBeVisible();

  // The two stops took about 3,000 px before the cards were made compact.
  const height = (await dropOff.boundingBox())!.height + (await pickup.boundingBox())!.height;
  console.log(`The two stops of ${castle} at 390 px: ${Math.round(height)} px`);
  expect(height).toBeLessThan(1000);

  // The balance is asked for once, at the drop-off; the pickup says where it is collected.
  await expect(run.getByRole('button', { name: `Record payment ${castle}` })).toHaveCount(1);
  await expect(dropOff.getByRole('button', { name: `Record payment ${castle}` })).toBeVisible();
  await expect(pickup).toContainText('at the drop-off');

  // The load, its gear and the truck are behind "Details", one tap away.
  const truck = dropOff.getByLabel(`Truck for ${castle}`);
  await expect(truck).toBeHidden();
  await expect(dropOff.getByText('Gear', { exact: true })).toBeHidden();
  const details = dropOff.getByRole('button', { name: /^Details/ });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await details.click();
  await expect(dropOff.getByRole('button', { name: /^Hide details/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(dropOff.getByText('Gear', { exact: true })).toBeVisible();
  await expect(truck).toBeVisible();
  await expect(truck).toHaveValue('');
  // "Not assigned to a truck" fits its select (room for the text, its padding and the arrow).
  const room = await truck.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = context.measureText(select.selectedOptions[0]!.text).width;
    return select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20 - text;
  });
  expect(room).toBeGreaterThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await expectNoAxeViolations(page);
});

test('the owner names a new truck in Settings and it is offered on the day', async ({ page }) => {
  const name = `Trailer ${randomUUID().slice(0, 6)}`;
  await page.goto('/admin/settings#day');
  await page.getByRole('tab', { name: 'Warehouse & trucks' }).click();
  await expect(page.getByLabel('Warehouse ZIP code')).toHaveValue(/^\d{5}$/);
  await page.getByLabel('New truck or crew').fill(name);
  await page.getByRole('button', { name: 'Add truck' }).click();
  await expect(page.getByRole('list', { name: 'Trucks' }).getByRole('listitem').filter({ hasText: name })).toContainText('Active');
  await expectNoAxeViolations(page);
  // Renamed in place (a form in the list, not a browser prompt), so it works the same on a phone.
  await page.getByRole('button', { name: `Rename ${name}` }).click();
  const renamed = `${name} XL`;
  await page.getByLabel(`New name for ${name}`).fill(renamed);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByRole('list', { name: 'Trucks' }).getByRole('listitem').filter({ hasText: renamed })).toContainText('Active');

  await page.goto(`/admin/day?date=${dateFromToday(0)}`);
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${renamed}`) })).toBeVisible();
});

test('the crew’s phone shows each stop’s setup spot and what to call about, and the loading list counts the sandbags and the generator (issue #38)', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const yards = [
    { product: 'pink-castle-bounce-house', site: { surface: 'concrete', outlet: 'yes', accessInches: 'unsure', stairFlights: 0 } },
    { product: 'toddler-jungle-bounce-house', site: { surface: 'grass', outlet: 'no', accessInches: 40, stairFlights: 1 } },
  ];
  let placed: { date: string; ids: string[]; numbers: string[] } | null = null;
  for (let attempt = 0; attempt < 6 && !placed; attempt++) {
    const date = dateFromToday(280 + Math.floor(Math.random() * 40));
    const ids: string[] = [];
    const numbers: string[] = [];
    for (const [i, { product, site }] of yards.entries()) {
      const response = await page.request.post('/api/bookings', await humanChecked({
        data: {
          items: [{ product, quantity: 1 }],
          event: { date, start: '12:00', end: '16:00' },
          customer: { name: `Yard Crew ${i + 1}`, email: `yard.crew.${randomUUID().slice(0, 8)}@example.com`, phone: `(512) 555-01${60 + i}` },
          address: { line1: `${i + 20} Patio Ct`, city: 'Round Rock', state: 'TX', zip: '78664' },
          site,
          acceptTerms: true,
        },
      }));
      if (response.status() !== 201) break;
      const number: string = (await response.json()).bookingNumber;
      const found = await (await page.request.get(`/api/admin/bookings?q=${number}`)).json();
      expect((await page.request.post(`/api/admin/bookings/${found.items[0].id}/status`, { data: { to: 'confirmed' }, headers: origin })).status()).toBe(200);
      ids.push(found.items[0].id);
      numbers.push(number);
    }
    if (numbers.length === yards.length) placed = { date, ids, numbers };
  }
  if (!placed) throw new Error('Could not place both yards on one day');
  const [concrete, noOutlet] = placed.numbers as [string, string];

  const { crew, phone } = await crewPhone(browser);
  await phone.goto(`/admin/day?date=${placed.date}`);
  const run = phone.getByRole('region', { name: /^Not assigned to a truck/ });
  const dropOff = (number: string) => run.getByRole('article', { name: new RegExp(`Drop-off ${number}$`) });
  await expect(dropOff(concrete)).toContainText('Setup spot: Concrete · outlet within 50 ft · gate not sure · no stairs', { timeout: 15_000 });
  await expect(dropOff(concrete).getByRole('note')).toHaveText('Call about: the narrowest gate or door (not sure)');
  await expect(dropOff(noOutlet)).toContainText('Setup spot: Grass · no outlet: generator · gate 40 in · 1 flight');
  await expect(dropOff(noOutlet).getByRole('note')).toHaveCount(0);

  // The gear leaving the warehouse for the day, by truck: columns Truck, Sandbags, Stakes, Extension cords, Generators.
  const gear = phone.getByRole('table', { name: 'Gear to load' });
  await gear.scrollIntoViewIfNeeded();
  await expect(gear).toBeVisible();
  const cells = gear.getByRole('row').filter({ hasText: 'Not assigned to a truck' }).locator('th, td');
  await expect(cells).toHaveText(['Not assigned to a truck', '4', '6', '1', '1']);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);

  // The office's booking screen, on the same phone: the answers in plain words.
  await phone.goto(`/admin/bookings/${placed.ids[1]}`);
  const card = phone.locator('section', { has: phone.getByRole('heading', { name: 'Setup spot' }) });
  await expect(card).toContainText('Outlet within 50 ft', { timeout: 15_000 });
  await expect(card).toContainText('No: we bring a generator');
  await expect(card).toContainText('Narrowest gate or door');
  await expect(card).toContainText('6 stakes, 1 generator');
  await expect(card.getByRole('list', { name: 'Automatic lines' })).toContainText('Stairs');
  await crew.close();
});

test('on a small phone (375 × 667) the first stop and its next action are on the first screen, for the crew and the owner', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A day of its own, far ahead (other specs book up to ten months out), so its first stop is a confirmed drop-off.
  const { date, number } = await placePhoneBooking(page.request, { name: 'First Screen Renter', product: 'pink-castle-bounce-house', from: 300 });
  for (const [who, storageState] of [['crew', crewStorageState], ['owner', ownerStorageState]] as const) {
    const context = await browser.newContext({ baseURL: `http://localhost:${e2ePort}`, storageState, viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
    const phone = await context.newPage();
    await phone.goto(`/admin/day?date=${date}`);
    await expect(phone.getByRole('article', { name: new RegExp(`Drop-off ${number}$`) })).toBeVisible({ timeout: 15_000 });
    await phone.waitForLoadState('networkidle');
    const first = phone.getByRole('article').first();
    const parts = { 'stop heading': first.getByRole('heading', { level: 3 }), 'next action': first.getByRole('button', { name: /^Mark / }) };
    expect(await phone.evaluate(() => window.scrollY), who).toBe(0);
    for (const [part, locator] of Object.entries(parts)) {
      const box = await locator.boundingBox();
      expect(box, `${who}: ${part}`).not.toBeNull();
      expect(box!.y, `${who}: ${part} starts on the screen`).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, `${who}: ${part} ends within the first 667 px (ends at ${Math.round(box!.y + box!.height)} px)`).toBeLessThanOrEqual(667);
    }
    await context.close();
  }
});
