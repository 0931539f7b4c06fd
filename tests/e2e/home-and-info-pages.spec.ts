import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';

const pages = [
  { path: '/', heading: /Pink Flamingo Party Rentals/ },
  { path: '/about', heading: 'About Pink Flamingo Party Rentals' },
  { path: '/faq', heading: 'Frequently asked questions' },
  { path: '/contact', heading: 'Contact us' },
  { path: '/support', heading: 'Help with your booking' },
  { path: '/terms', heading: 'Rental terms and conditions' },
  { path: '/privacy-policy', heading: 'Privacy policy' },
  { path: '/cancellation-policy', heading: 'Cancellation policy' },
  { path: '/offer', heading: 'Current offers' },
];

test('home and every information page answer 200 with one h1, a description and a unique title', async ({ page }) => {
  const titles = new Map<string, string>();
  for (const { path, heading } of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const title = await page.title();
    expect(title, path).not.toBe('');
    expect(titles.get(title), `${path} repeats the title of ${titles.get(title)}`).toBeUndefined();
    titles.set(title, path);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0, path).toBeGreaterThan(50);
    expect(description?.length ?? 0, path).toBeLessThanOrEqual(160);
  }
});

test('home shows every category linking to its product listing, and featured products with a "from" price', async ({ page }) => {
  await page.goto('/');

  const categories = page.locator('section[aria-labelledby="categories-heading"]');
  const expected: [slug: string, name: string][] = [
    ['bounce-houses', 'Bounce Houses'],
    ['water-slides', 'Water Slides'],
    ['combo-units', 'Combo Units'],
    ['obstacle-courses', 'Obstacle Courses'],
    ['interactive-games', 'Interactive Games'],
    ['party-packages', 'Party Packages'],
    ['party-supplies', 'Party Supplies'],
    ['cakes', 'Cakes'],
  ];
  for (const [slug, name] of expected) {
    const link = categories.getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('href', `/products?category=${slug}`);
  }
  await expect(categories.locator('img[src^="/images/categories/"]')).toHaveCount(8);

  const featured = page.locator('section[aria-labelledby="featured-heading"]');
  await expect(featured.getByRole('heading', { name: 'Featured rentals' })).toBeVisible();
  // Packages mention the castle too: pick the card whose own heading is the castle.
  const castle = featured.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pink Castle Bounce House', exact: true }) });
  await expect(castle.getByRole('link', { name: 'Pink Castle Bounce House' })).toHaveAttribute('href', '/products/pink-castle-bounce-house');
  // The castle's half-day price is its lowest.
  await expect(castle).toContainText('from $150');
  // ... and says which rental length that price pays for.
  await expect(castle).toContainText('from $150 for up to 4 hours');
  expect(await featured.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);

  const hero = page.locator('section[aria-labelledby="hero-heading"]');
  await expect(hero.getByRole('link', { name: 'Book your party' })).toHaveAttribute('href', '/products');
  await expect(hero.getByRole('link', { name: /Call \(512\) 555-0142/ })).toHaveAttribute('href', 'tel:5125550142');
});

test('home explains booking, links service areas, shows reviews and a FAQ teaser', async ({ page }) => {
  await page.goto('/');

  // The demo's lead time (24 hours) and booking window (365 days), as the booking rules apply them.
  await expect(page.locator('section[aria-labelledby="how-heading"] > p').first()).toHaveText(
    'No phone tag and no surprise fees. Book at least 24 hours ahead and up to 365 days out.',
  );
  const steps = page.locator('section[aria-labelledby="how-heading"] ol > li');
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(0)).toContainText('Pick your date and items');
  await expect(steps.nth(1)).toContainText('damage waiver');
  await expect(steps.nth(2)).toContainText('30 % deposit (at least $50)');
  await expect(steps.nth(3)).toContainText('We deliver, set up and pick up');

  const areas = page.locator('section[aria-labelledby="areas-heading"]');
  await expect(areas.getByRole('link', { name: /Round Rock, TX/ })).toHaveAttribute('href', '/locations/round-rock');
  await expect(areas.getByRole('link', { name: /Round Rock, TX/ })).toContainText('Free delivery');
  await expect(areas.getByRole('link', { name: /service areas/ })).toHaveAttribute('href', '/service-areas');

  const reviews = page.locator('section[aria-labelledby="reviews-heading"] figure');
  await expect(reviews).toHaveCount(6);
  await expect(reviews.first()).toContainText('Rated 5 out of 5');

  const faq = page.locator('section[aria-labelledby="faq-heading"]');
  await expect(faq.locator('details')).toHaveCount(4);
  await expect(faq.getByRole('link', { name: 'Read all frequently asked questions' })).toHaveAttribute('href', '/faq');

  const json = await page.locator('script[type="application/ld+json"]').allTextContents();
  const business = json.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'LocalBusiness');
  expect(business).toMatchObject({ name: 'Pink Flamingo Party Rentals', telephone: '(512) 555-0142' });
  expect(business.areaServed.length).toBeGreaterThanOrEqual(27);
});

test('home links in the hero and categories grid lead to working pages', async ({ page, request }) => {
  await page.goto('/');
  const hrefs = new Set<string>();
  for (const selector of ['section[aria-labelledby="categories-heading"] a', 'section[aria-labelledby="featured-heading"] a', 'section[aria-labelledby="areas-heading"] a', 'section[aria-labelledby="faq-heading"] a']) {
    for (const href of await page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) {
      hrefs.add(href);
    }
  }
  for (const href of hrefs) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
  }
});

test('FAQ groups answers by topic in expandable entries and publishes FAQPage data', async ({ page }) => {
  await page.goto('/faq');

  for (const topic of ['Booking', 'Payment, deposit and damage waiver', 'Delivery and setup', 'Safety', 'Weather', 'Cakes']) {
    await expect(page.getByRole('heading', { level: 2, name: topic, exact: true })).toBeVisible();
  }
  const entries = page.locator('main details');
  expect(await entries.count()).toBeGreaterThanOrEqual(16);

  const deposit = entries.filter({ hasText: 'How much is the deposit?' });
  const answer = deposit.getByText(/The deposit is 30 % of the order total, with a minimum of \$50 \(orders under \$50 are paid in full\)\./);
  await expect(answer).toBeHidden();
  await deposit.locator('summary').click();
  await expect(answer).toBeVisible();
  await expect(deposit).toHaveAttribute('open', '');

  const cake = entries.filter({ hasText: 'How far ahead do I need to order a cake?' });
  await cake.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(cake.getByText(/no later than 3 days before the pickup or delivery date/)).toBeVisible();

  const json = await page.locator('script[type="application/ld+json"]').allTextContents();
  const faq = json.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'FAQPage');
  expect(faq.mainEntity.length).toBe(await entries.count());
  expect(faq.mainEntity).toContainEqual({
    '@type': 'Question',
    name: 'How much is the deposit?',
    acceptedAnswer: { '@type': 'Answer', text: expect.stringContaining('30 %') },
  });
});

test('contact shows phone, e-mail, address and office hours, and points to the quote form', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.locator('main').getByRole('link', { name: '(512) 555-0142' })).toHaveAttribute('href', 'tel:5125550142');
  await expect(page.locator('main').getByRole('link', { name: 'hello@pinkflamingo.example' })).toHaveAttribute('href', 'mailto:hello@pinkflamingo.example');
  await expect(page.locator('main address')).toContainText('1200 Sam Bass Rd');
  await expect(page.locator('main')).toContainText('Monday – Thursday');
  await expect(page.locator('main')).toContainText('9:00 AM – 6:00 PM');
  await expect(page.locator('main').getByRole('link', { name: 'Request a quote' }).first()).toHaveAttribute('href', '/request-a-quote');
  await expect(page.getByRole('heading', { name: 'How to reach us' })).toBeVisible();
});

test('support links order tracking, the cancellation policy and the waiver', async ({ page }) => {
  await page.goto('/support');
  const main = page.locator('main');
  await expect(main.getByRole('link', { name: 'Track your order' }).first()).toHaveAttribute('href', '/track-order');
  await expect(main.getByRole('link', { name: 'cancellation policy' })).toHaveAttribute('href', '/cancellation-policy');
  await expect(main.getByRole('link', { name: 'safety waiver page' })).toHaveAttribute('href', '/waiver');
  await expect(main.getByRole('heading', { name: 'Weather calls on party day' })).toBeVisible();
});

test('offer page describes both coupon codes and how to use them', async ({ page }) => {
  await page.goto('/offer');
  const main = page.locator('main');
  await expect(main.getByRole('heading', { name: /WELCOME10/ })).toBeVisible();
  await expect(main.getByRole('heading', { name: /SPLASH25: \$25 off orders of \$250 or more/ })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'How to use a coupon code' })).toBeVisible();
});

test('terms and policies agree on deposit, weather limits and cancellation windows', async ({ page }) => {
  await page.goto('/terms');
  const terms = page.locator('main');
  await expect(terms).toContainText('30 % of the order total, with a minimum of $50');
  // The demo's settings, filled in by the build: the terms say what checkout and the booking rules do.
  await expect(terms).toContainText('We deliver and pick up between 7:00 AM and 9:00 PM.');
  await expect(terms).toContainText('The balance is due on the event day, before setup.');
  await expect(terms).toContainText('over 15 mph sustained or gusting over 20 mph');
  await expect(terms).toContainText('silly string');
  await expect(terms.getByRole('link', { name: 'cancellation policy' }).first()).toHaveAttribute('href', '/cancellation-policy');

  await page.goto('/cancellation-policy');
  const policy = page.getByRole('table');
  await expect(policy.getByRole('row', { name: /7 days or more before your event/ })).toContainText('A full refund of your deposit');
  await expect(policy.getByRole('row', { name: /Less than 48 hours before/ })).toContainText('No refund of the deposit');
  await expect(page.locator('main')).toContainText('rain check valid for 12 months');

  await page.goto('/privacy-policy');
  await expect(page.locator('main')).toContainText('Stripe');
});

for (const path of ['/', '/faq', '/terms']) {
  test(`axe finds no WCAG 2.2 AA violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expectNoAxeViolations(page);
  });
}

test('axe finds no violation on the FAQ with every answer open', async ({ page }) => {
  await page.goto('/faq');
  await page.locator('main details').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
  await expectNoAxeViolations(page);
});
