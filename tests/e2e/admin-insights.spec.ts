import { readFileSync } from 'node:fs';
import { expect, expectNoAxeViolations, test } from './support/admin';

/** The business's local date, shifted by `days` (the demo business is in Texas). */
function chicagoDate(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}

test('a manager reads the reports for a chosen range and downloads one as CSV', async ({ page }) => {
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  // The figures of a year and more are read on arrival: on a busy 2-core machine that took over 5 s.
  await expect(page.getByRole('heading', { name: 'Revenue by month' })).toBeVisible({ timeout: 20_000 });
  // The chart has rendered (lazily) beside its table before the page is checked: the chart library is
  // the largest script of the site, and parsing it with the other specs' browsers running took seconds.
  await expect(page.locator('figure svg.recharts-surface').first()).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page);

  // The demo bookings are a few weeks either side of today.
  const from = chicagoDate(-40);
  const to = chicagoDate(40);
  await page.getByLabel('From').fill(from);
  await page.getByLabel('To').fill(to);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  // The range and the months in the staff screens' one format: "Jan 1, 2026", "Feb 2026".
  const medium = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toHaveText(`Showing ${medium(from)} to ${medium(to)} (America/Chicago).`);
  // The first chart's month axis: its labels are the SVG's text, like the table's first column.
  const revenueChart = page.getByRole('figure', { name: /^Bar chart of booked and collected revenue per month/ });
  await expect(revenueChart.locator('svg text').filter({ hasText: /^[A-Z][a-z]{2} \d{4}$/ }).first()).toBeVisible();
  await expect(revenueChart.locator('svg text').filter({ hasText: /^\d{4}-\d{2}$/ })).toHaveCount(0);
  const products = page.getByRole('table', { name: 'Bookings by product' });
  await expect(products.getByRole('rowheader', { name: 'Pink Castle Bounce House' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Deposits outstanding' }).or(page.getByText('Every open booking has its deposit.'))).toBeVisible();

  // The figures (and their CSV links) of the range before stay on screen until the new ones arrive.
  const csvLink = page.getByRole('link', { name: 'Download CSV of bookings by product' });
  await expect(csvLink).toHaveAttribute('href', new RegExp(`from=${from}&to=${to}`));
  const downloading = page.waitForEvent('download');
  await csvLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`bookings-by-product_${from}_${to}.csv`);
  const lines = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('Product,Category,Bookings,Units,Revenue ($)');
  expect(lines.some((line) => /^Pink Castle Bounce House,Bounce Houses,\d+,\d+,\d+\.\d{2}$/.test(line))).toBe(true);

  // A range that ends before it starts is refused in place.
  await page.getByLabel('From').fill(to);
  await page.getByLabel('To').fill(from);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText('The end date must be on or after the start date');
});

test('a product view shows up in the booking funnel on the analytics screen', async ({ page }) => {
  const beacon = page.waitForRequest((request) => request.url().endsWith('/api/events') && request.postData()?.includes('product_view') === true);
  await page.goto('/products/pink-castle-bounce-house');
  await beacon;

  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const funnel = page.getByRole('table', { name: 'Booking funnel' });
  await expect(funnel.getByRole('rowheader', { name: 'Viewed a product' })).toBeVisible();
  // The beacon is sent as the page unloads at the latest: reload until it has been stored.
  await expect(async () => {
    await page.reload();
    const views = await page.getByRole('table', { name: 'Booking funnel' }).locator('tr[data-step="product_view"] td').first().textContent();
    expect(Number(views?.replace(/,/g, ''))).toBeGreaterThan(0);
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('table', { name: 'Top pages' }).getByRole('link', { name: '/products/pink-castle-bounce-house' })).toBeVisible();
  await expect(page.locator('figure svg.recharts-surface').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
});
