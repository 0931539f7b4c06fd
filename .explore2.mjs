import { chromium } from '@playwright/test';
const base = 'http://localhost:4380';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await (await browser.newContext({ timezoneId: 'Asia/Tokyo' })).newPage();
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(`${page.url()}: ${m.text().slice(0, 200)}`); });
page.on('pageerror', (e) => errors.push(`${page.url()}: pageerror ${e.message.slice(0,200)}`));
await page.goto(base + '/admin/login');
await page.getByLabel(/e-mail/i).fill('owner@e2e.test');
await page.getByLabel(/password/i).fill('e2e owner password 2026');
await page.getByRole('button', { name: /sign in/i }).click();
await page.waitForURL(/\/admin(?!\/login)/);
const b = await (await page.request.get(base + '/api/admin/bookings?pageSize=1')).json();
const p = await (await page.request.get(base + '/api/admin/products?pageSize=1')).json();
console.log(Object.keys(b), Object.keys(p), b.items?.[0]?.id, p.items?.[0]?.id);
for (const a of ['/admin', `/admin/bookings/${b.items[0].id}`, `/admin/bookings/${b.items[0].id}?view=delivery-sheet`, `/admin/products/${p.items[0].id}`, `/admin/products/${p.items[0].id}/inventory`, '/admin/stripe', '/admin/cake-orders', '/admin/calendar', '/admin/settings', '/admin/users']) {
  await page.goto(base + a, { waitUntil: 'networkidle' });
  console.log(a, JSON.stringify(await page.locator('h1').allTextContents()));
}
console.log(errors.join('\n'));
await browser.close();
