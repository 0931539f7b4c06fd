import type { Locator, Page } from '@playwright/test';
import { e2ePort } from '../support/e2e-env';
import { adminSections } from '../../src/lib/admin/navigation';
import { adminScreens, crewPhone, expect, test } from './support/admin';
import { placePhoneBooking, placeTestBooking } from './support/bookings';
import { humanChecked } from './support/human-check';
import { islandReady } from './support/page-states';
import { requestQuote, signWaiver } from './support/requests';
import { cakeOrderBody } from '../support/cake-order';
import { localDate } from '../../src/lib/time/event-window';
import { tabs as settingsTabs } from '../../src/islands/admin/settings/use-settings-tabs';

/**
 * Staff on a small phone on a lawn (375 × 667): nothing on an admin screen scrolls sideways, neither the
 * page nor a box inside it (a table scrolling in its card hid a payment's method and the change's
 * Difference column), and the top row shows its entries whole. admin-phone.spec.ts checks the page at
 * 390 px with its tap targets and axe; this checks every box, at the smaller width.
 */
test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

const origin = `http://localhost:${e2ePort}`;

/**
 * What sticks out sideways on the page as it is: the document wider than the screen, an element whose
 * box passes the screen's right edge, and a box whose content scrolls sideways inside it. What is out of
 * sight on purpose does not count: text for screen readers (in a box of 1 px), or parked far to the left
 * (the calendar's hidden headings), where no one can scroll.
 */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}${typeof e.className === 'string' && e.className ? `.${e.className.split(' ').slice(0, 3).join('.')}` : ''} "${(e.textContent ?? '').trim().slice(0, 30)}"`;
    const clippedAway = (e: Element) => {
      for (let a = e.parentElement; a; a = a.parentElement) {
        const r = a.getBoundingClientRect();
        if (r.width <= 1 && getComputedStyle(a).overflow !== 'visible') return true;
      }
      return false;
    };
    const shown = [...document.querySelectorAll('body *')].filter((e) => e.getClientRects().length > 0 && !clippedAway(e));
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    for (const e of shown) {
      const box = e.getBoundingClientRect();
      if (box.right > width + 1) problems.push(`${name(e)} reaches ${Math.round(box.right)} px`);
      const overflowX = getComputedStyle(e).overflowX;
      if (['auto', 'scroll'].includes(overflowX) && e.scrollWidth > e.clientWidth + 1) problems.push(`${name(e)} scrolls sideways: ${e.scrollWidth} px in ${e.clientWidth}`);
    }
    return problems.slice(0, 5);
  });
}

/**
 * The options of the named selects (choices the screen words, not a business's product names) that a
 * closed select cuts off when chosen: each option's text, in the select's font, wider than the room the
 * select gives it (its width less its padding, where the arrow is drawn).
 */
function cutOffOptions(within: Locator, labels: string[]): Promise<string[]> {
  return within.evaluate((box, labels) => {
    const measure = document.createElement('canvas').getContext('2d')!;
    return [...box.querySelectorAll('select')]
      .filter((select) => select.getClientRects().length > 0 && labels.includes(select.labels[0]?.textContent ?? ''))
      .flatMap((select) => {
        const style = getComputedStyle(select);
        measure.font = style.font;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [...select.options].filter((o) => measure.measureText(o.text).width > room).map((o) => `the option "${o.text}" is cut off (${select.labels[0]?.textContent})`);
      });
  }, labels);
}

/**
 * The element lies within the screen's width where it is (no box scrolled sideways to reach it), and
 * once the page is scrolled down to it, whole on the screen.
 */
async function expectWhollyInSight(element: Locator) {
  await expect(element).toBeVisible();
  const box = (await element.boundingBox())!;
  expect(box.x + box.width, await element.innerText()).toBeLessThanOrEqual(element.page().viewportSize()!.width);
  await element.scrollIntoViewIfNeeded();
  await expect(element).toBeInViewport({ ratio: 1 });
}

test('the top row at 375 px (and 360): The day, Bookings, More and Account whole and apart; More opens every other section', async ({ page }) => {
  const menu = page.getByRole('navigation', { name: 'Admin sections' });
  const more = menu.getByRole('button', { name: 'More sections' });
  const account = page.getByRole('button', { name: /^Account/ });
  const others = ['Dashboard', ...adminSections.map((s) => s.label).filter((label) => !['The day', 'Bookings'].includes(label))];
  for (const width of [375, 360]) {
    await page.setViewportSize({ width, height: 667 });
    await page.goto('/admin/calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    for (const entry of [menu.getByRole('link', { name: 'The day' }), menu.getByRole('link', { name: 'Bookings' }), more, account]) {
      await expect(entry).toBeInViewport({ ratio: 1 });
    }
    // Side by side, none under another (the row's last entry was cut off under Account before).
    const [moreBox, accountBox] = [(await more.boundingBox())!, (await account.boundingBox())!];
    expect(moreBox.x + moreBox.width).toBeLessThanOrEqual(accountBox.x);
    expect(await sidewaysOverflow(page)).toEqual([]);

    // The other sections: all of them in sight at once, the current one marked, one tap to open.
    await more.click();
    for (const label of others) await expect(menu.getByRole('link', { name: label, exact: true })).toBeInViewport({ ratio: 1 });
    await expect(menu.getByRole('link', { name: 'Calendar', exact: true })).toHaveAttribute('aria-current', 'page');
    expect(await sidewaysOverflow(page)).toEqual([]);
  }
  await menu.getByRole('link', { name: 'Inventory', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Inventory', exact: true })).toBeHidden();
});

test('a booking’s payments at 375 px: each payment’s amount, method and Refund in sight, nothing to scroll sideways', async ({ page }) => {
  const { id, number } = await placePhoneBooking(page.request, { name: 'Lawn Payer', product: 'pink-castle-bounce-house', from: 320 });
  const paid = await page.request.post(`/api/admin/bookings/${id}/payments`, { headers: { origin }, data: { amountCents: 5000, method: 'cash', note: 'Paid on the lawn by the back gate' } });
  expect(paid.status()).toBe(200);
  await page.goto(`/admin/bookings/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Booking ${number}` })).toBeVisible();
  const payments = page.getByRole('table', { name: /^Payments and refunds/ });
  const row = payments.getByRole('row').filter({ hasText: 'Paid on the lawn' });
  await expect(row).toBeVisible();
  for (const cell of [row.getByRole('cell').filter({ hasText: /^\$50/ }), row.getByRole('cell', { name: 'Cash', exact: true }), row.getByRole('cell', { name: 'Paid on the lawn by the back gate' }), row.getByRole('button', { name: /^Refund \$50/ })]) {
    await expectWhollyInSight(cell);
  }
  await expectWhollyInSight(page.getByTestId('balance-due'));
  expect(await sidewaysOverflow(page)).toEqual([]);
});

test('changing a booking at 375 px: the Difference of each line and the new total in sight, with Save changes on the first screen', async ({ page }) => {
  const { id, number } = await placePhoneBooking(page.request, { name: 'Lawn Changer', product: 'pink-castle-bounce-house', from: 320 });
  await page.goto(`/admin/bookings/${id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: `Change booking ${number}` })).toBeVisible();
  // A surcharge of $25, so the Adjustments and Total lines have a difference to show.
  await page.getByRole('button', { name: 'Add an adjustment' }).click();
  await page.getByLabel('Adjustment name').fill('Stairs');
  await page.getByLabel('Discount or surcharge').selectOption('surcharge');
  await page.getByLabel('Adjustment amount').fill('25');
  await page.getByLabel('Reason', { exact: true }).fill('Two flights up to the yard');
  const price = page.getByRole('region', { name: 'Price' });
  const adjustments = price.getByRole('row', { name: /^Adjustments/ });
  await expect(adjustments).toContainText('+$25');
  await expectWhollyInSight(price.getByRole('columnheader', { name: 'Difference' }));
  await expectWhollyInSight(adjustments.getByRole('cell', { name: '+$25', exact: true }));
  await expectWhollyInSight(price.getByRole('row', { name: /^Total/ }).getByRole('cell').last());
  expect(await sidewaysOverflow(page)).toEqual([]);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeInViewport({ ratio: 1 });
});

test('the calendar’s list at 375 and 360 px: no word broken inside, each time on one line, nothing sideways', async ({ page }) => {
  const today = localDate(new Date(), 'America/Chicago');
  for (const width of [375, 360]) {
    await page.setViewportSize({ width, height: 667 });
    await page.goto('/admin/calendar');
    const list = page.locator('.fc-listWeek-view');
    await expect(list).toBeVisible({ timeout: 15_000 });
    // The demo booking five days from today (Priya Raman) may be next week's (weeks start on Sunday).
    if (new Date(`${today}T12:00:00Z`).getUTCDay() + 5 > 6) await page.getByRole('button', { name: /^next/i }).click();
    const row = list.locator('tr.fc-list-event', { hasText: 'Priya Raman' });
    await expect(row).toContainText('Confirmed:');
    const { broken, timeLines } = await row.evaluate((tr) => {
      const lines = (node: Node, from = 0, to = node.textContent!.length) => {
        const range = document.createRange();
        range.setStart(node, from);
        range.setEnd(node, to);
        // One box per line the text takes.
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      };
      const broken: string[] = [];
      const title = tr.querySelector('.fc-list-event-title')!;
      const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        // A line may end after a space, a hyphen or a slash; never inside a word.
        for (const word of text.textContent!.matchAll(/[^\s\-/]+/g)) {
          if (lines(text, word.index, word.index + word[0].length) > 1) broken.push(word[0]);
        }
      }
      const time = tr.querySelector('.fc-list-event-time')!;
      return { broken, timeLines: lines(time.firstChild ?? time) };
    });
    expect(broken, `${width} px`).toEqual([]);
    expect(timeLines, `${width} px`).toBe(1);
    expect(await sidewaysOverflow(page)).toEqual([]);
  }
});

test('reports at 375 px: each table’s totals above its rows, which are blocks of their own, nothing sideways', async ({ page }) => {
  // A year of months: twelve blocks of seven lines each before the total was the answer at the very end.
  const year = new Date().getUTCFullYear();
  await page.goto(`/admin/reports?from=${year - 1}-01-01&to=${year - 1}-12-31`);
  const revenue = page.getByRole('table', { name: /^Revenue by month/ });
  await expect(revenue.locator('tbody tr')).toHaveCount(12);
  const total = revenue.locator('tfoot tr');
  await expect(total).toContainText('Total');
  const [totalBox, firstMonth] = [(await total.boundingBox())!, (await revenue.locator('tbody tr').first().boundingBox())!];
  expect(totalBox.y + totalBox.height).toBeLessThanOrEqual(firstMonth.y + 1);
  const credits = page.getByRole('table', { name: /^Credits by month/ });
  expect((await credits.locator('tfoot tr').boundingBox())!.y).toBeLessThan((await credits.locator('tbody tr').first().boundingBox())!.y);
  expect(await sidewaysOverflow(page)).toEqual([]);
});

test('the report per unit at 375 px: each unit a short block (its name, then its figures two to a line), nothing sideways', async ({ page }) => {
  await page.goto('/admin/reports');
  const units = page.getByRole('table', { name: /^Utilisation and return per unit/ });
  const rows = units.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // One line per figure made eight lines a unit (208 px and more): a dozen units took four screens. Now the
  // seven figures take four lines, two to a line; the bound leaves room for a name of two lines and one
  // figure wrapped under its name (a long amount, a cost "not recorded").
  const blocks = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      name: tr.querySelector('th')!.textContent,
      height: Math.round(tr.getBoundingClientRect().height),
      lines: new Set([...tr.querySelectorAll('td')].map((td) => Math.round(td.getBoundingClientRect().top))).size,
    })),
  );
  expect(blocks.length).toBeGreaterThan(0);
  for (const block of blocks) {
    expect(block.lines, block.name!).toBeLessThanOrEqual(4);
    expect(block.height, block.name!).toBeLessThanOrEqual(180);
  }
  // Each figure still named (the cell's column name, drawn beside it) and within the screen.
  const first = rows.first();
  await expect(first.locator('td[data-label="Utilisation"]')).toBeVisible();
  for (const cell of await first.getByRole('cell').all()) await expectWhollyInSight(cell);
  expect(await sidewaysOverflow(page)).toEqual([]);
});

test('quotes, waivers and cake orders at 360 × 640: the first row on the first screen, the filters folded behind a Filters button', async ({ page, browser }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  // Waivers and cake orders as the crew see them on the lawn; quotes are the office's (managers and up).
  // The waivers also as the owner sees them, with their note above while a waiver text awaits the
  // lawyer's review (the shipped Spanish one does): one line on a phone, it left the row on screen.
  const { crew, phone } = await crewPhone(browser);
  await phone.setViewportSize({ width: 360, height: 640 });
  // A row of this test's own in each list, found by the search box (beside the button, never folded) with a date filter on.
  const name = `Fold Tester ${Date.now().toString(36)}`;
  const quote = await requestQuote(page.request, { name, zip: '78664' });
  const booking = await placeTestBooking(page.request, { name, product: 'giant-connect-four' });
  await signWaiver(page.request, booking, name);
  const cake = await page.request.post('/api/cake-orders', await humanChecked({ data: cakeOrderBody({ name }) }));
  expect(cake.status()).toBe(201);
  const from = localDate(new Date(), 'America/Chicago');
  const lists: [typeof page, string, RegExp, string, boolean?][] = [
    [page, `/admin/quotes?q=${quote}&from=${from}`, /^Quote requests/, 'Event from'],
    [phone, `/admin/waivers?q=${booking.number}&from=${from}`, /^Signed waivers/, 'Party from'],
    [page, `/admin/waivers?q=${booking.number}&from=${from}`, /^Signed waivers/, 'Party from', true],
    [phone, `/admin/cake-orders?q=${encodeURIComponent(name)}&from=${from}`, /^Cake orders/, 'Needed from'],
  ];
  for (const [page, address, table, dateLabel, reviewNote] of lists) {
    await page.goto(address);
    const filters = await islandReady(page.getByRole('button', { name: /^Filters/ }));
    if (reviewNote) await expect(page.getByTestId('waiver-legal-review').getByText(/Spanish waiver/).first()).toBeVisible();
    await expect(filters, address).toHaveAccessibleName('Filters 1 on');
    await expect(page.getByLabel(dateLabel), address).toBeHidden();
    const first = page.getByRole('table', { name: table }).getByRole('row').nth(1);
    await expect(first, address).toContainText(name);
    // Open, the filters took the first screen: the row began below it.
    await expect(first.locator('th, td').first(), address).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY), address).toBe(0);
    await filters.click();
    await expect(page.getByLabel(dateLabel), address).toHaveValue(from);
  }
  await crew.close();
});

test('every admin screen at 375 px: no page, element or box scrolls sideways', async ({ page }) => {
  test.setTimeout(240_000);
  // Each settings tab by its #hash and its name (the tab panel is named by its tab): the screen's own list.
  const settingsTabNames = Object.fromEntries(settingsTabs.map((t) => [t.id, t.label])) as Record<string, string>;
  const screens: [string, string | RegExp][] = [
    ...(await adminScreens(page)),
    ['/admin/setup', 'Set up your business'],
    ...Object.keys(settingsTabNames).map((tab): [string, string] => [`/admin/settings#${tab}`, 'Settings']),
  ];
  const problems: string[] = [];
  for (const [address, heading] of screens) {
    const tab = address.split('#')[1];
    // From one settings tab to the next only the #hash would change (no page load: the screen stayed on
    // the first tab): the next one is chosen as staff on a phone do, in the sections' select.
    const nextTab = tab && new URL(page.url()).pathname === '/admin/settings';
    if (nextTab) await page.getByRole('combobox', { name: 'Settings section' }).selectOption(tab);
    else await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first(), address).toBeVisible();
    // The screen's data in place (every request answered), not a loading state.
    if (!nextTab) await page.waitForLoadState('networkidle');
    await expect(page.getByText('Loading…'), address).toHaveCount(0);
    if (tab) await expect(page.getByRole('tabpanel', { name: settingsTabNames[tab] ?? tab }), address).toBeVisible();
    for (const problem of await sidewaysOverflow(page)) problems.push(`${address}: ${problem}`);
    // "The cart button (put it once on every page)" showed as "The cart button (put it once on ev…".
    if (tab === 'embed') for (const problem of await cutOffOptions(page.getByRole('tabpanel'), ['Show', 'Language'])) problems.push(`${address}: ${problem}`);
  }
  expect(problems).toEqual([]);
});
