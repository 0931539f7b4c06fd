import { expect, test } from '@playwright/test';

/**
 * Issue #40: the pages a Spanish booking's e-mails open, /es/confirm-booking (a pay-later request's
 * confirmation) and /es/rain-check (a rained-out party's choices), on a phone. Their islands speak the
 * page's words and the server answers them in Spanish (X-Page-Language); the English pages as before.
 * A link nobody was sent is enough here: the answers to real links are read in
 * tests/integration/after-booking-spanish.test.ts, and the pay-later link in English by pay-later-confirm.spec.ts.
 */
test.use({ viewport: { width: 390, height: 844 } });

const link = '?booking=BB-7K3Q9X&key=' + 'x'.repeat(43);

test('/es/confirm-booking says in Spanish that the link opens nothing; /confirm-booking in English', async ({ page }) => {
  await page.goto(`/es/confirm-booking${link}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirme su solicitud de reservación' })).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'No pudimos confirmarla desde este enlace' })).toBeVisible();
  await expect(alert).toContainText('No encontramos ese enlace. Puede tener un error de escritura: ábralo desde el correo tal como está.');
  await expect(alert).toContainText(/Llámenos al .+ y confirmaremos su reservación con usted\./);

  await page.goto(`/confirm-booking${link}`);
  await expect(page.getByRole('alert').getByRole('heading', { name: 'We couldn’t confirm it from this link' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('We couldn’t find that link. It may have a typo: open it from the e-mail as it is.');
});

test('/es/rain-check says in Spanish that the link opens nothing; /rain-check in English', async ({ page }) => {
  await page.goto(`/es/rain-check${link}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Su crédito por lluvia' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('No encontramos ese crédito por lluvia. Abra otra vez el enlace de nuestro correo, o llámenos.');

  await page.goto(`/rain-check${link}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your rain check' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('We couldn’t find that rain check. Open the link in our e-mail again, or call us.');
});
