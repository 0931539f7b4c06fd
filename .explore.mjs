import { chromium } from '@playwright/test';
const base = 'http://localhost:4380';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const tag = process.argv[2] ?? 'before';
const mode = process.argv[3] ?? 'all';
if (mode === 'all' || mode === 'shots') {
  for (const [w, h, name] of [[1280, 900, 'desktop'], [390, 844, 'phone']]) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    for (const path of ['/products/classic-round-birthday-cake', '/products/pink-castle-bounce-house']) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.screenshot({ path: `/tmp/visitor/shots/${tag}-${name}-${path.split('/').pop()}.png`, fullPage: true });
    }
    if (name === 'phone') {
      await page.goto(base + '/', { waitUntil: 'networkidle' });
      await page.screenshot({ path: `/tmp/visitor/shots/${tag}-phone-menu.png` });
    }
    await page.close();
  }
}
if (mode === 'all' || mode === 'admin') {
  const page = await (await browser.newContext({ timezoneId: 'Asia/Tokyo', locale: 'de-DE' })).newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${page.url()}: ${m.text().slice(0, 300)}`); });
  page.on('pageerror', (e) => errors.push(`${page.url()}: pageerror ${e.message}`));
  await page.goto(base + '/admin/login');
  await page.getByLabel(/e-mail/i).fill('owner@e2e.test');
  await page.getByLabel(/password/i).fill('e2e owner password 2026');
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/admin(?!\/login)/);
  for (const p of ['/admin/bookings?status=hold&q=ab&page=2', '/admin/quotes?status=new&quote=x', '/admin/reports?from=2026-01-01&to=2026-02-01', '/admin/customers?q=a&id=00000000-0000-0000-0000-000000000000', '/admin/bookings/00000000-0000-0000-0000-000000000000?view=delivery-sheet', '/admin/login?next=/admin/bookings', '/admin', '/admin/bookings', '/admin/calendar', '/admin/settings', '/admin/quotes', '/admin/products', '/admin/reports', '/admin/users', '/admin/waivers', '/admin/analytics', '/admin/inventory', '/admin/blackouts', '/admin/customers', '/admin/categories', '/admin/cake-orders', '/admin/product-suggestions', '/admin/stripe']) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
  }
  console.log(errors.join('\n') || 'no console errors');
}
await browser.close();
