import { adminSections } from '../../src/lib/admin/navigation';
import { adminScreens, crewPhone, expect, test } from './support/admin';

/**
 * A crew member who types the address of a screen above their role (the menu hides it) reads which
 * role it needs, not a form whose requests all come back 403. Every admin screen is opened on the
 * crew's phone: those crew may open show themselves, the others say "Not allowed" and name the role,
 * with no field or button to press, and no screen asks the API for anything crew may not have.
 */

/** Screens outside the menu that need more than their menu entry: taking and changing bookings, adding a product. */
const needsOwn: [RegExp, 'manager' | 'owner'][] = [
  [/^\/admin\/bookings\/new$/, 'manager'],
  [/^\/admin\/bookings\/[^/]+\/edit$/, 'manager'],
  [/^\/admin\/products\/new$/, 'manager'],
];

/** The role a screen needs: its own where it has one, otherwise its menu entry's (the longest address it lies under). */
function roleNeeded(path: string): 'crew' | 'manager' | 'owner' {
  const own = needsOwn.find(([pattern]) => pattern.test(path));
  if (own) return own[1];
  if (path === '/admin') return 'crew';
  const entry = adminSections
    .filter((s) => path === s.href || path.startsWith(`${s.href}/`))
    .sort((a, b) => b.href.length - a.href.length)[0];
  if (!entry) throw new Error(`${path} is under no menu entry`);
  return entry.role;
}

const namesRole = { manager: /manager/i, owner: /owner/i };

test('crew opening each admin screen by its address see it, or read which role it needs instead of controls that fail', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const screens: [string, string | RegExp][] = [...(await adminScreens(page)), ['/admin/products/new', 'New product']];
  const { crew, phone } = await crewPhone(browser);
  const refused: string[] = [];
  phone.on('response', (response) => {
    if (response.status() === 403 && new URL(response.url()).pathname.startsWith('/api/admin/')) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  const problems: string[] = [];
  for (const [address, heading] of screens) {
    const path = address.split('?')[0]!;
    const needs = roleNeeded(path);
    refused.length = 0;
    await phone.goto(address);
    const main = phone.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: heading }).first(), address).toBeVisible({ timeout: 20_000 });
    await phone.waitForLoadState('networkidle');
    const notAllowed = main.getByRole('alert').filter({ hasText: needs === 'crew' ? /not allowed/i : namesRole[needs] });
    if (needs === 'crew') {
      if (await notAllowed.count()) problems.push(`${address}: crew may open it, but it says "Not allowed"`);
    } else {
      if (!(await notAllowed.count())) problems.push(`${address}: needs ${needs}, but does not say so`);
      const controls = await main.locator('input:visible, select:visible, textarea:visible, button:visible').count();
      if (controls) problems.push(`${address}: needs ${needs}, but shows ${controls} field(s) or button(s)`);
    }
    if (refused.length) problems.push(`${address}: the API refused ${[...new Set(refused)].join(', ')}`);
  }
  await crew.close();
  expect(problems).toEqual([]);
});
