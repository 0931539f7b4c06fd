import { expect, test as base, type Browser, type Page } from '@playwright/test';
import { crewStorageState, e2ePort, ownerStorageState } from '../../support/e2e-env';

/** Tests that start signed in as the e2e owner (see admin.setup.ts). */
export const test = base.extend({ storageState: ownerStorageState });
export { expect };
export { expectNoAxeViolations } from './axe';

/** Creates a staff member of this role through the owner's users API and returns their credentials. */
export async function createStaffViaApi(page: Page, role: 'crew' | 'manager' | 'owner') {
  const email = `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const password = `e2e ${role} password 2026`;
  const response = await page.request.post('/api/admin/users', {
    data: { name: `E2E ${role}`, email, role, password },
    headers: { origin: `http://localhost:${e2ePort}` },
  });
  expect(response.status()).toBe(200);
  return { email, password };
}

/** Signs a staff member in with e-mail and password at /admin/login (accounts without two-step sign-in). */
export async function signInAtLoginPage(page: Page, credentials: { email: string; password: string }, wait: { timeout?: number } = {}) {
  await submitSignIn(page, credentials);
  await expect(page).toHaveURL(/\/admin$/, wait);
}

/** Fills and sends the sign-in form at `loginUrl`; where it leads (the admin, the second step) is the caller's to check. */
export async function submitSignIn(page: Page, credentials: { email: string; password: string }, loginUrl = '/admin/login') {
  await page.goto(loginUrl);
  await page.getByLabel('E-mail').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A crew member's phone (390 × 844, touch), signed in as the e2e crew member with the session
 * admin.setup.ts saved: every sign-in counts against the staff limit of 10 per 10 minutes per address,
 * which one run of the suite (every request from 127.0.0.1) would otherwise pass. A spec that signs
 * out passes an account of its own, signed in through the sign-in page.
 */
export async function crewPhone(browser: Browser, ownAccount?: { email: string; password: string }) {
  const crew = await browser.newContext({
    baseURL: `http://localhost:${e2ePort}`,
    storageState: ownAccount ? { cookies: [], origins: [] } : crewStorageState,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await crew.newPage();
  if (ownAccount) await signInAtLoginPage(phone, ownAccount);
  return { crew, phone };
}

/**
 * Every admin screen with a heading to wait for, with filters, pages and record ids in the address
 * (a booking and a product of the demo business, read through the API).
 */
export async function adminScreens(page: Page): Promise<[string, string | RegExp][]> {
  const bookings = await page.request.get('/api/admin/bookings?pageSize=1');
  expect(bookings.status()).toBe(200);
  const bookingId: string = (await bookings.json()).items[0].id;
  const products = await page.request.get('/api/admin/products?pageSize=1');
  expect(products.status()).toBe(200);
  const productId: string = (await products.json()).items[0].id;
  // A customer with a booking, opened: their record's tables (bookings, credits) sit inside the panel.
  const customers = await page.request.get('/api/admin/customers?pageSize=1&q=alicia');
  expect(customers.status()).toBe(200);
  const customerId: string = (await customers.json()).items[0].id;
  return [
    ['/admin', 'Dashboard'],
    ['/admin/day', 'The day'],
    ['/admin/bookings?status=confirmed&q=a&sort=total&dir=asc', 'Bookings'],
    [`/admin/bookings/${bookingId}`, /^Booking /],
    [`/admin/bookings/${bookingId}?view=delivery-sheet`, /Delivery sheet/],
    ['/admin/bookings/new', 'New booking'],
    [`/admin/bookings/${bookingId}/edit`, /^Change booking /],
    ['/admin/calendar', 'Calendar'],
    ['/admin/quotes?status=new&q=a', 'Quotes'],
    ['/admin/cake-orders?status=new', 'Cake orders'],
    ['/admin/product-suggestions', 'Product Suggestions'],
    ['/admin/inbox?tab=handled&q=a', 'Inbox'],
    ['/admin/waivers?q=a', 'Waivers'],
    ['/admin/products?q=castle', 'Products'],
    [`/admin/products/${productId}`, /.+/],
    [`/admin/products/${productId}/inventory`, /.+/],
    ['/admin/categories', 'Categories'],
    ['/admin/inventory', 'Inventory'],
    ['/admin/blackouts', 'Blackouts'],
    ['/admin/customers?q=a', 'Customers'],
    [`/admin/customers?id=${customerId}`, 'Customers'],
    ['/admin/reports?from=2026-01-01&to=2026-03-31', 'Reports'],
    ['/admin/analytics?from=2026-01-01&to=2026-03-31', 'Analytics'],
    ['/admin/users?role=owner', 'Users'],
    ['/admin/settings', 'Settings'],
    ['/admin/stripe', /Stripe|Payments/],
  ];
}
