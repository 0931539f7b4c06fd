import { crewPhone, expect, expectNoAxeViolations, test } from './support/admin';
import { partyTomorrow } from './support/bookings';

test('a guest signs a waiver on the crew member’s phone at a stop, and the booking shows it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const party = await partyTomorrow(page.request);
  const { crew, phone } = await crewPhone(browser);
  await phone.goto(`/admin/day?date=${party.date}`);
  await expect(phone.getByRole('heading', { level: 1, name: 'The day' })).toBeVisible();

  const stop = phone.getByRole('article', { name: new RegExp(`Drop-off ${party.number}$`) });
  await expect(stop).toContainText('Not signed');
  await stop.getByRole('button', { name: `Guest signs a waiver for ${party.number}` }).click();
  const form = stop.getByRole('form', { name: `Waiver for ${party.number}` });
  await expect(form).toBeVisible();
  // The whole waiver, with the business's name and the booking filled in, as on the guests' own page.
  await expect(form.getByTestId('waiver-text')).toContainText(`Booking: ${party.number}`);
  await expect(form.getByTestId('waiver-text')).toContainText('Pink Flamingo Party Rentals: Rental Safety Rules');
  // The guest may read and sign it in Spanish instead: the Spanish text and words, offline as the English.
  await form.getByRole('button', { name: 'Español' }).click();
  await expect(form.getByTestId('waiver-text')).toContainText(`Reserva: ${party.number}`);
  await expect(form.getByTestId('waiver-text')).toContainText('Versión de la exención 2026-12-es');
  await expect(form.getByRole('button', { name: 'Firmar la exención' })).toBeVisible();
  await form.getByRole('button', { name: 'English' }).click();
  await expect(form.getByTestId('waiver-text')).toContainText('Waiver version 2026-11');

  // Sent empty: each problem at its field, nothing stored.
  await form.getByRole('button', { name: 'Sign the waiver' }).click();
  await expect(form.getByText('Tick this box to agree to sign electronically')).toBeVisible();
  await expect(form.getByLabel('Your full name')).toBeFocused();

  await form.getByLabel('Your full name').fill('Nadia Haddad');
  await form.getByLabel('Your e-mail').fill('nadia.haddad@example.com');
  await form.getByLabel('Adult 1: full name').fill('Nadia Haddad');
  await form.getByRole('button', { name: 'Add a child or guest' }).click();
  await form.getByLabel('Guest 1: name').fill('Sami Haddad');
  for (const box of await form.getByRole('checkbox').all()) await box.check();
  // Within the phone's width with the whole form open.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await expectNoAxeViolations(phone);

  // Signed with a finger on the pad.
  const pad = form.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await phone.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await phone.mouse.down();
  for (let i = 1; i <= 10; i++) await phone.mouse.move(box.x + 20 + i * 24, box.y + box.height * (0.6 + (i % 2 ? -0.25 : 0.15)), { steps: 3 });
  await phone.mouse.up();
  await form.getByRole('button', { name: 'Sign the waiver' }).click();
  // Signing renders and files a PDF: give a cold function time.
  await expect(phone.getByText(`Waiver signed by Nadia Haddad for ${party.number}.`)).toBeVisible({ timeout: 30_000 });
  await expect(form).toHaveCount(0);
  await expect(stop).toContainText('Signed (1)');

  // The office sees it on the booking, marked as signed on the crew's phone.
  await page.goto(`/admin/bookings/${party.id}`);
  // The innermost section holding the card's heading: the card itself.
  const waivers = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Waivers (1 signed)' }) }).last();
  await expect(waivers).toContainText('Nadia Haddad');
  await expect(waivers).toContainText('on the crew’s phone (E2E crew)');
  // Which text was signed: its language, version and hash.
  await expect(waivers.getByTestId('waiver-signed-text')).toContainText(/English, version 2026-11 · SHA-256 [0-9a-f]{64}/);
  // Where the owner looks at waivers: the Spanish text awaits their lawyer's review.
  await page.goto('/admin/waivers');
  await expect(page.getByTestId('waiver-legal-review')).toContainText('The Spanish waiver (version 2026-12-es) is our faithful translation');
  await crew.close();
});
