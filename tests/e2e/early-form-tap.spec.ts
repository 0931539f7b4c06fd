import { expect, test, type Route } from '@playwright/test';

/**
 * The contact and support forms on a phone, tapped the moment the visitor reaches them: before their
 * island's script has arrived. The page's form takes typing and taps at once, so the tap must send the
 * message (with what was typed) once the script is there, and the browser must never send the form
 * itself (a GET of the page with the name, e-mail and message in its address).
 *
 * The island's script is held back until after the tap, so "before the script" is a state the test
 * makes, not a race it hopes to win on a fast or slow machine.
 */
// No service worker: once the site's worker controls the page (it claims open pages as it activates), the
// page's requests go through it and the test could no longer hold the form's script back.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });

const forms = [
  { path: '/contact', testId: 'contact-form', button: 'Send message', message: 'Your message', success: 'Thanks, your message is on its way' },
  { path: '/support', testId: 'support-form', button: 'Send support request', message: 'How can we help?', success: 'Thanks, we have your support request' },
] as const;

for (const f of forms) {
  test(`${f.path}: a tap on the send button before the form's script has arrived sends the message`, async ({ page }) => {
    const held: Route[] = [];
    let holding = true;
    // The form's own module (ContactForm.<hash>.js): without it the island cannot hydrate.
    await page.route(/\/_astro\/ContactForm\.[\w-]+\.js$/, (route) => (holding ? void held.push(route) : route.continue()));
    const leftWithData: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).search) leftWithData.push(frame.url());
    });

    await page.goto(f.path, { waitUntil: 'domcontentloaded' });
    const form = page.getByTestId(f.testId);
    await form.scrollIntoViewIfNeeded();
    // Coming into view asked for the script, which is held: the form on screen is the page's own.
    await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(page.locator(`astro-island[ssr] [data-testid="${f.testId}"]`)).toBeAttached();

    const email = `early.tap+${f.testId}@example.com`;
    await form.getByLabel('Your name').fill('Casey Early');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel(f.message).fill('Tapped before the page had finished loading.');
    await form.getByRole('button', { name: f.button }).tap();

    // The tap is held, not sent by the browser: the page is where it was, its address without the data.
    await expect(form.locator('form[data-submit-held]')).toBeAttached({ timeout: 30_000 });
    expect(new URL(page.url()).search).toBe('');

    holding = false;
    for (const route of held) await route.continue();

    // The island takes over with what was typed and sends it: no second tap.
    await expect(form.getByRole('heading', { name: f.success })).toBeVisible({ timeout: 30_000 });
    await expect(form).toContainText(email);
    expect(leftWithData).toEqual([]);
  });
}
