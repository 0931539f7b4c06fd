import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { e2ePort, ownerStorageState } from '../../support/e2e-env';

/** Tests that start signed in as the e2e owner (see admin.setup.ts). */
export const test = base.extend({ storageState: ownerStorageState });
export { expect };

/** axe over the current page with the project's WCAG tags; the screen must have no violation. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

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
