import { addDays, localDate } from '../../src/lib/time/event-window';
import { formatLongDate, formatMediumDate } from '../../src/lib/time/format';
import { e2ePort } from '../support/e2e-env';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/admin';

const TZ = 'America/Chicago';
const today = () => localDate(new Date(), TZ);
/** Astro drops `ssr` from an island once React has hydrated it: typing earlier would be lost. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
}

const availability = (slug: string, date: string) => `/api/availability?product=${slug}&date=${date}&start=10:00&end=16:00`;

test('the calendar shows a seeded booking by month, switches to week and day, and opens the booking', async ({ page }) => {
  await open(page, '/admin/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  // The demo booking five days from today (Priya Raman); it may fall in next month.
  const bookingDay = addDays(today(), 5);
  if (bookingDay.slice(0, 7) !== today().slice(0, 7)) await page.getByRole('button', { name: /^next/i }).click();
  const event = page.locator('.fc-dayGridMonth-view a.fc-event', { hasText: 'Priya Raman' });
  // The first view waits for FullCalendar and the events request.
  await expect(event).toContainText('Confirmed:', { timeout: 15_000 });
  await expectNoAxeViolations(page);

  // The day number opens that day; the week view then shows the same booking in its time slot.
  await page.locator(`td[data-date="${bookingDay}"] a.fc-daygrid-day-number`).click();
  await expect(page.locator('.fc-timeGridDay-view')).toBeVisible();
  await expect(page.locator('.fc-timeGridDay-view a.fc-event', { hasText: 'Priya Raman' })).toContainText('11:00');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.locator('.fc-timeGridWeek-view a.fc-event', { hasText: 'Priya Raman' })).toBeVisible();
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page.locator('.fc-listWeek-view')).toContainText('Priya Raman');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await page.locator('.fc-dayGridMonth-view a.fc-event', { hasText: 'Priya Raman' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\/[0-9a-f-]{36}$/);
});

test('each staff member gets a private calendar feed link that can be reset', async ({ page }) => {
  await open(page, '/admin/calendar');
  await page.getByRole('button', { name: 'Make my feed link' }).click();
  const address = page.getByLabel('Feed address');
  await expect(address).toHaveValue(new RegExp(`^http://localhost:${e2ePort}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
  const first = new URL(await address.inputValue()).pathname;
  const feed = await page.request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain('Priya Raman');

  await page.getByRole('button', { name: 'Reset link' }).click();
  await page.getByRole('button', { name: 'Yes, make a new link' }).click();
  await expect(address).not.toHaveValue(`http://localhost:${e2ePort}${first}`);
  const second = new URL(await address.inputValue()).pathname;
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(second)).status()).toBe(200);
});

test('a blackout added through the screen makes the product unavailable in the public availability API', async ({ page }) => {
  const day = addDays(today(), 60);
  const before = await (await page.request.get(availability('giant-connect-four', day))).json();
  expect(before.available).toBe(true);

  await open(page, '/admin/blackouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Blackouts' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('What is closed').selectOption('product');
  // A reversed range is refused beside the field before anything is sent.
  await page.getByLabel('First day').fill(day);
  await page.getByLabel('Last day').fill(addDays(day, -1));
  await page.getByRole('button', { name: 'Add blackout' }).click();
  await expect(page.getByText('Choose a product', { exact: true }).last()).toBeVisible();
  await expect(page.getByText('The last day cannot be before the first day')).toBeVisible();

  await page.getByLabel('Product', { exact: true }).selectOption({ label: 'Giant Connect Four (Interactive Games)' });
  await page.getByLabel('Last day').fill(addDays(day, 1));
  await page.getByLabel(/^Reason/).fill('Vinyl repair');
  await page.getByRole('button', { name: 'Add blackout' }).click();
  await expect(page.getByText('Blackout added. Those dates are no longer bookable.')).toBeVisible();
  // The list writes dates as people read them ('Jan 25, 2027').
  const row = page.getByRole('row', { name: new RegExp(formatMediumDate(day)) });
  await expect(row).toContainText('Product: Giant Connect Four');
  await expect(row).toContainText('Vinyl repair');
  await expectNoAxeViolations(page);

  const after = await (await page.request.get(availability('giant-connect-four', day))).json();
  expect(after).toMatchObject({ available: false, freeCount: 0, reason: { code: 'blackout' } });
  expect(after.reason.message).toContain('Vinyl repair');
  const nextDay = await (await page.request.get(availability('giant-connect-four', addDays(day, 2)))).json();
  expect(nextDay.available).toBe(true);
});

test('inventory: find a product, add a unit and put one into maintenance', async ({ page }) => {
  await open(page, '/admin/inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await page.getByLabel('Search units, products, serial numbers or notes').fill('castle');
  await expect(page.getByRole('row', { name: /BH-CASTLE-1/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /BH-RAINBOW-1/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Pink Castle Bounce House' }).first().click();
  await expect(page).toHaveURL(/\/admin\/products\/[0-9a-f-]{36}\/inventory$/);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Pink Castle Bounce House: units' })).toBeVisible();

  const label = `BH-CASTLE-E${Date.now() % 100_000}`;
  await page.getByLabel('Label (e.g. BH-CASTLE-4)').fill(label);
  await page.getByLabel('Serial number (optional)').fill('SN-E2E-1');
  await page.getByLabel('Purchase cost in dollars (optional)').fill('1,899.00');
  await page.getByRole('button', { name: 'Add unit' }).click();
  await expect(page.getByText(`Unit ${label} added.`)).toBeVisible();
  // The units' DataTable: a unit's row is named by its label first.
  const row = page.getByRole('row', { name: new RegExp(`^${label}`) });
  await expect(row).toContainText('$1,899');

  // The same label again is refused beside the field.
  await page.getByLabel('Label (e.g. BH-CASTLE-4)').fill(label.toLowerCase());
  await page.getByRole('button', { name: 'Add unit' }).click();
  await expect(page.getByText(/already has a unit labelled/).first()).toBeVisible();

  await page.getByLabel(`Status of ${label}`).selectOption('maintenance');
  await expect(page.getByText(`${label} is now in maintenance.`)).toBeVisible();
  await page.getByRole('button', { name: `Edit notes for ${label}` }).click();
  await page.getByLabel(`Maintenance notes for ${label}`).fill('Blower fuse replaced; check seams');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByText(`Notes for ${label} saved.`)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByLabel(`Status of ${label}`)).toHaveValue('maintenance');
  await expect(page.getByRole('row', { name: new RegExp(`^${label}`) })).toContainText('Blower fuse replaced; check seams');

  await page.goto('/admin/inventory?status=maintenance');
  await expect(page.getByRole('row', { name: new RegExp(label) })).toBeVisible();
});

/** The height of an element's text itself (its cell is as tall as its row), and the height of one of its lines. */
const textLines = (element: Locator) =>
  element.evaluate((cell) => {
    const text = document.createRange();
    text.selectNodeContents(cell);
    return { height: text.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(cell).lineHeight) || parseFloat(getComputedStyle(cell).fontSize) * 1.5 };
  });

test('on a phone the list shows each booking’s time on one line, under one heading per day', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await open(page, '/admin/calendar');
  // A phone opens on this week's list; the demo booking five days from today (Priya Raman) may be next week's.
  const list = page.locator('.fc-listWeek-view');
  await expect(list).toBeVisible({ timeout: 15_000 });
  const row = list.locator('tr.fc-list-event', { hasText: 'Priya Raman' });
  // Weeks start on Sunday.
  if (new Date(`${today()}T12:00:00Z`).getUTCDay() + 5 > 6) await page.getByRole('button', { name: /^next/i }).click();
  const time = row.locator('.fc-list-event-time');
  // As every other admin screen writes a time, not the calendar's own "11:00am - 5:00pm".
  await expect(time).toHaveText('11:00 AM – 5:00 PM');
  // Before, the column shrank to one character and "11:00am - 5:00pm" read down the screen a letter a line.
  const { height, lineHeight } = await textLines(time);
  expect(height).toBeLessThan(lineHeight * 1.5);
  // The booking's day is headed once, in one piece and on one line, as the day screen heads a day: it was
  // FullCalendar's weekday and date floated to either side, apart on a phone, and a screen reader heard
  // only the weekday (the date was hidden from it).
  const day = formatLongDate(addDays(today(), 5));
  const heading = list.locator('tr.fc-list-day', { hasText: day.split(',')[0]! });
  await expect(heading).toHaveText(day);
  await expect(heading.locator('th')).toHaveAccessibleName(day);
  const headingText = await textLines(heading.locator('.fc-list-day-text'));
  expect(headingText.height).toBeLessThan(headingText.lineHeight * 1.5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
