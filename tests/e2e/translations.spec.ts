import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demoCategories, demoProducts } from '../../supabase/seed/catalog';
import { demoServiceAreas } from '../../supabase/seed/service-areas';
import { demoSettings } from '../../supabase/seed/settings';

/**
 * The translation check of issue #40, over the production build the web server just made (dist/), as
 * build-output.spec.ts and html-validity.spec.ts read it: no English left on a Spanish page, no Spanish
 * on an English page, and an honest account of the public pages that have no Spanish version yet.
 *
 * What the business stored in one language only is shown as stored: a product's or category's name and
 * texts that have no Spanish version (what it includes and its photos' descriptions among them), the
 * business's name and address, town and county names, the places a town's content file names. They are
 * read from the data the e2e server was seeded with (and the content files) and taken out of the text
 * first. A name or text with a Spanish version is not taken out: its English on a Spanish page is found
 * like any other English (and the product pages are checked to show the Spanish).
 * Islands' server-rendered markup is skipped here (the booking path's islands take their page's words as
 * a prop, and tests/e2e/spanish-checkout.spec.ts reads them in Spanish in the browser).
 * A part marked with another language (`lang`: the language switch, the offer of Spanish) is that language;
 * content shown in English for want of its Spanish entry (`data-content-fallback`) is not accepted on the
 * demo's pages: every town, service, review, FAQ and page it ships has its Spanish words (src/content/es).
 */
const dist = path.resolve('dist');

/** Built pages that are not public pages: staff screens and the toast test page. */
const NOT_PUBLIC = ['/admin', '/toast-testing'];

/**
 * The customer's own pages of the booking path and after it (a pay-later booking's confirmation link, a
 * rained-out booking's rain check): in both languages, in neither sitemap (noindex).
 */
const BOOKING_PATH = ['cart', 'checkout', 'booking-success', 'track-order', 'payment-success', 'confirm-booking', 'rain-check'];

/** The information pages built from the content collections, in both languages. */
const INFO_PAGES = ['about', 'offer', 'faq', 'terms', 'privacy-policy', 'cancellation-policy'];
/** Help with a booking, the waiver's text and the index of local pages: in both languages and both sitemaps. */
const HELP_PAGES = ['support', 'waiver', 'seo-pages'];
/** The public forms' pages and the small pages around them. */
const FORM_PAGES = ['request-a-quote', 'contact', 'at', 'saved-cart', 'feedback', 'unsubscribe', 'offline', 'hi'];

/** The Spanish pages of this slice, and the English page each is the version of. */
function spanishPages(): { spanish: string; english: string }[] {
  const html = (dir: string) => readdirSync(path.join(dist, dir)).filter((f) => f.endsWith('.html'));
  const towns = html('es/locations').map((f) => f.replace(/\.html$/, ''));
  const twin = (file: string) => ({ spanish: `es/${file}`, english: file });
  return [
    { spanish: 'es.html', english: 'index.html' },
    ...['categories', 'locations', 'products', 'services', 'service-areas', 'sign-waiver', '404', '500'].map((page) => twin(`${page}.html`)),
    ...html('es/products').map((f) => twin(`products/${f}`)),
    ...towns.map((town) => twin(`locations/${town}.html`)),
    ...towns.flatMap((town) => html(`es/locations/${town}`).map((f) => twin(`locations/${town}/${f}`))),
    // The landing pages, /es/{service}-{city}-{state}.
    ...html('es').filter((f) => /-[a-z]{2}\.html$/.test(f)).map(twin),
    ...BOOKING_PATH.map((name) => twin(`${name}.html`)),
    // The information pages written in the content collections (src/content/es).
    ...INFO_PAGES.map((name) => twin(`${name}.html`)),
    ...FORM_PAGES.map((name) => twin(`${name}.html`)),
    ...HELP_PAGES.map((name) => twin(`${name}.html`)),
  ];
}

/**
 * The Spanish pages search engines are told about: not the error pages, nor a page kept out of search
 * (noindex, as the waiver signing page, reached from a booking's link): those name no alternates and are
 * in no sitemap, in either language.
 */
function indexedSpanishPages(): { spanish: string; english: string }[] {
  const noindex = (file: string) => /<meta name="robots" content="[^"]*noindex/.test(readFileSync(path.join(dist, file), 'utf8'));
  return spanishPages().filter((p) => !/\/(404|500)\.html$/.test(p.spanish) && !noindex(p.spanish) && !noindex(p.english));
}

/** The address pattern of an English page's file: a landing page's file stands for all of them. */
function pattern(file: string): string {
  const served = `/${file.replace(/\.html$/, '')}`.replace(/^\/index$/, '/');
  if (/^\/[a-z0-9-]+-[a-z]{2}$/.test(served) && !['/seo-pages'].includes(served)) return '/{service}-{city}-{state}';
  if (/^\/locations\/[^/]+\/[^/]+$/.test(served)) return '/locations/{city}/{service}';
  if (/^\/locations\/[^/]+$/.test(served)) return '/locations/{city}';
  if (/^\/products\/[^/]+$/.test(served)) return '/products/{slug}';
  if (/^\/admin(\/|$)/.test(served)) return '/admin';
  return served;
}

function englishPages(dir = ''): string[] {
  return readdirSync(path.join(dist, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return ['_astro', 'es', 'admin', 'images', 'icons', 'embed'].includes(e.name) ? [] : englishPages(rel);
    return e.name.endsWith('.html') && rel !== 'es.html' ? [rel] : [];
  });
}

// Stored words, longest first (a product's name inside its description is taken out with the description).
const storedStrings = (() => {
  const found = new Set<string>();
  const add = (value: unknown): void => {
    if (typeof value === 'string') {
      const text = value.replace(/\s+/g, ' ').trim();
      if (text.length < 2) return;
      found.add(text);
      // Pages show long texts by paragraph and some by sentence (a cake's servings).
      for (const part of value.split(/\n\s*\n|(?<=\.)\s+/)) if (part.trim().length > 1) found.add(part.replace(/\s+/g, ' ').trim());
    } else if (Array.isArray(value)) value.forEach(add);
    else if (value && typeof value === 'object') Object.values(value).forEach(add);
  };
  add(demoCategories.map((c) => [c.nameEs ? [] : [c.name, c.name.toLowerCase()], c.summaryEs ? [] : c.summary]));
  // A product's fields without a Spanish version (name, descriptions, what it includes, a photo's
  // description) and those that have none at all; the Spanish ones are never taken out.
  add(
    demoProducts.map(({ name, nameEs, shortDescription, shortDescriptionEs, description, descriptionEs, included, includedEs, photos, ...rest }) => [
      nameEs ? [] : name,
      shortDescriptionEs ? [] : shortDescription,
      descriptionEs ? [] : description,
      includedEs?.length ? [] : included,
      photos.map((photo) => (photo.altEs ? [] : photo.alt)),
      rest,
    ]),
  );
  add(demoServiceAreas.map((a) => [a.city, a.county, a.state]));
  // The places a town's content file names (parks, venues, neighbourhoods: "Play for All Park").
  for (const file of readdirSync('src/content/cities')) {
    const front = readFileSync(path.join('src/content/cities', file), 'utf8');
    for (const m of front.matchAll(/^(?:parks|venues|neighbourhoods): \[(.*)\]$/gm)) add(m[1]!.split(',').map((name) => name.trim()));
  }
  add([demoSettings.businessName, demoSettings.addressLine1, demoSettings.addressCity, demoSettings.email, demoSettings.phone]);
  return [...found].sort((a, b) => b.length - a.length);
})();

/**
 * A built page's words as a reader of its language meets them: text, the words in attributes, title and
 * description. Chromium's own HTML parser reads the file (DOMParser: no scripts run, nothing loads, nothing
 * is laid out), five times faster than showing each page (`setContent`), with the same text: these two
 * tests read several hundred pages each.
 */
async function wordsOf(page: Page, file: string, pageLanguage: string): Promise<string> {
  const text = await page.evaluate(
    ([html, language]) => {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const parts: string[] = [doc.title, doc.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''];
      const skip = (el: Element) => el.closest('script, style, template, astro-island, noscript') !== null || (el.closest('[lang]')?.getAttribute('lang') ?? language) !== language;
      const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === Node.TEXT_NODE) {
          if (node.parentElement && !skip(node.parentElement)) parts.push(node.textContent ?? '');
        } else if (!skip(node as Element)) {
          for (const name of ['alt', 'title', 'aria-label', 'placeholder']) {
            const value = (node as Element).getAttribute(name);
            if (value) parts.push(value);
          }
        }
      }
      return parts.join('\n');
    },
    [readFileSync(path.join(dist, file), 'utf8'), pageLanguage] as const,
  );
  let rest = text.replace(/[ \t\u00a0\u202f]+/g, ' ');
  for (const stored of storedStrings) rest = rest.replaceAll(stored, ' ');
  return rest;
}

// Words no Spanish sentence uses (none is also Spanish, as "a", "no" or "me" would be).
const ENGLISH_WORDS = ['the', 'and', 'with', 'your', 'our', 'for', 'from', 'to', 'of', 'in', 'on', 'at', 'is', 'are', 'we', 'you', 'book', 'booking', 'delivery', 'deliver', 'rental', 'rentals', 'price', 'party', 'free', 'call', 'see', 'all', 'more', 'each', 'up', 'hour', 'hours', 'day', 'days', 'quote', 'cart', 'home', 'page', 'not', 'found', 'help', 'back', 'check', 'order', 'setup', 'what', 'where', 'how', 'about', 'browse', 'items', 'item', 'get', 'skip', 'content', 'closed', 'office', 'rights', 'reserved', 'ages', 'needed', 'none', 'outlet', 'outlets', 'within', 'time', 'minutes', 'specifications', 'included', 'photos', 'capacity', 'space', 'people', 'at', 'this', 'please', 'before'];
// Words no English page uses.
const SPANISH_WORDS = ['del', 'las', 'los', 'y', 'para', 'con', 'su', 'sus', 'renta', 'rentas', 'entrega', 'gratis', 'fiesta', 'llame', 'ver', 'todas', 'todo', 'nuestro', 'nuestra', 'nuestros', 'hasta', 'desde', 'precio', 'carrito', 'inicio', 'página', 'está', 'qué', 'cómo', 'dónde', 'más', 'también', 'español', 'cotización', 'horas', 'días', 'artículos', 'brincolines', 'inflables', 'agregar', 'ciudad', 'ciudades'];

function found(text: string, words: string[]): string[] {
  const tokens = new Set(text.toLowerCase().split(/[^a-záéíóúüñ]+/));
  return words.filter((w) => tokens.has(w));
}

test.describe('translations', () => {
  test.use({ javaScriptEnabled: false });

  test('every public English page has a Spanish version', () => {
    const spanish = new Set(spanishPages().map((p) => p.english));
    for (const { spanish: file } of spanishPages()) expect(existsSync(path.join(dist, file)), file).toBe(true);
    const unclassified = englishPages()
      .filter((file) => !spanish.has(file))
      .map(pattern)
      .filter((p) => !NOT_PUBLIC.includes(p));
    expect([...new Set(unclassified)]).toEqual([]);
  });

  test('no English is left on a Spanish page', async ({ page }) => {
    // Every town's page, checklist and landing page: a few hundred pages, read by the browser's parser alone.
    test.setTimeout(600_000);
    const left: Record<string, string[]> = {};
    for (const { spanish } of spanishPages()) {
      const words = found(await wordsOf(page, spanish, 'es'), ENGLISH_WORDS);
      if (words.length > 0) left[spanish] = words;
    }
    expect(left).toEqual({});
  });

  test('no Spanish page shows content in English for want of its Spanish entry', () => {
    const fallbacks = spanishPages()
      .map((p) => p.spanish)
      .filter((file) => readFileSync(path.join(dist, file), 'utf8').includes('data-content-fallback='));
    expect(fallbacks).toEqual([]);
  });

  test('a product or category with a Spanish name shows it on its Spanish page, and the English one on its English page', async ({ page }) => {
    const translated = demoProducts.filter((p) => p.nameEs && p.active);
    expect(translated.length).toBeGreaterThan(0);
    for (const product of translated) {
      // The page's heading as Chromium parses the file (see wordsOf), its white space as a reader sees it.
      const heading = (file: string) =>
        page.evaluate((html) => new DOMParser().parseFromString(html, 'text/html').querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim(), readFileSync(path.join(dist, file), 'utf8'));
      expect(await heading(`es/products/${product.slug}.html`)).toBe(product.nameEs);
      expect(await heading(`products/${product.slug}.html`)).toBe(product.name);
      const spanishPage = readFileSync(path.join(dist, `es/products/${product.slug}.html`), 'utf8');
      if (product.descriptionEs) expect(spanishPage).toContain(product.descriptionEs.split('\n\n')[0]);
    }
    const list = readFileSync(path.join(dist, 'es/categories.html'), 'utf8');
    for (const category of demoCategories.filter((c) => c.nameEs && c.summaryEs)) {
      expect(list).toContain(category.nameEs);
      expect(list).toContain(category.summaryEs);
    }
  });

  test('a product’s page, its category’s list and its town’s page say what it includes and describe its photo in the page’s language', async ({ page }) => {
    const product = demoProducts.find((p) => p.slug === 'pink-castle-bounce-house')!;
    const photo = product.photos[0]!;
    expect(product.includedEs?.length).toBe(product.included.length);
    expect(photo.altEs).toBeTruthy();
    // The included list's items and the images' descriptions as Chromium parses the file (see wordsOf).
    const read = (file: string) =>
      page.evaluate((html) => {
        const doc = new DOMParser().parseFromString(html, 'text/html');
        return {
          included: [...doc.querySelectorAll('#included-heading + ul > li > span:last-child')].map((item) => item.textContent?.trim()),
          alts: [...doc.querySelectorAll('img')].map((img) => img.getAttribute('alt')),
        };
      }, readFileSync(path.join(dist, file), 'utf8'));
    const spanish = await read(`es/products/${product.slug}.html`);
    expect(spanish.included).toEqual(product.includedEs);
    expect(spanish.alts).toContain(photo.altEs);
    expect(spanish.alts).not.toContain(photo.alt);
    const english = await read(`products/${product.slug}.html`);
    expect(english.included).toEqual(product.included);
    expect(english.alts).toContain(photo.alt);
    expect(english.alts).not.toContain(photo.altEs);
    // Its card on the Spanish catalog list and on its town's bounce-house page.
    for (const file of ['es/products.html', 'es/bounce-houses-round-rock-tx.html']) {
      const { alts } = await read(file);
      expect(alts, file).toContain(photo.altEs);
      expect(alts, file).not.toContain(photo.alt);
    }
  });

  test('no Spanish is on an English page', async ({ page }) => {
    test.setTimeout(180_000);
    const files = [...spanishPages().map((p) => p.english), ...englishPages().filter((f) => !f.includes('/') && pattern(f) !== '/{service}-{city}-{state}')];
    const left: Record<string, string[]> = {};
    for (const file of [...new Set(files)]) {
      const words = found(await wordsOf(page, file, 'en'), SPANISH_WORDS);
      if (words.length > 0) left[file] = words;
    }
    expect(left).toEqual({});
  });

  test('a Spanish page and its English version name each other (hreflang both ways, x-default English)', () => {
    for (const { spanish, english } of indexedSpanishPages()) {
      const es = readFileSync(path.join(dist, spanish), 'utf8');
      const en = readFileSync(path.join(dist, english), 'utf8');
      const alternates = (html: string) => Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], new URL(m[2]!).pathname]));
      expect(alternates(es), spanish).toEqual(alternates(en));
      const paths = alternates(en);
      expect(paths['es'], spanish).toBe(`/${spanish.replace(/\.html$/, '')}`);
      expect(paths['x-default'], spanish).toBe(paths['en']);
      expect(es).toContain('<html lang="es"');
      expect(en).toContain('<html lang="en"');
    }
  });

  test('each language has its sitemap, and every Spanish page in it names its English twin and back', () => {
    const index = readFileSync(path.join(dist, 'sitemap-index.xml'), 'utf8');
    const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname.slice(1));
    expect(parts).toContain('sitemap-es-0.xml');
    const urls = (file: string) =>
      [...readFileSync(path.join(dist, file), 'utf8').matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map((m) => ({
        path: new URL(m[1]!).pathname,
        alternates: Object.fromEntries([...m[2]!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((a) => [a[1], new URL(a[2]!).pathname])),
      }));
    const spanish = urls('sitemap-es-0.xml');
    const english = parts.filter((p) => p !== 'sitemap-es-0.xml').flatMap(urls);
    expect(spanish.every((u) => u.path === '/es' || u.path.startsWith('/es/'))).toBe(true);
    expect(english.some((u) => u.path.startsWith('/es'))).toBe(false);
    // A checklist page names its landing page as canonical: only the landing page is listed (astro.config.mjs).
    const built = indexedSpanishPages()
      .filter((p) => !/^es\/locations\/[^/]+\/[^/]+$/.test(p.spanish))
      .map((p) => `/${p.spanish.replace(/\.html$/, '')}`);
    expect(spanish.map((u) => u.path).sort()).toEqual(built.sort());
    for (const page of spanish) {
      const twin = english.find((u) => u.path === page.alternates['en']);
      expect(twin, page.path).toBeDefined();
      expect(twin!.alternates).toEqual(page.alternates);
      expect(page.alternates['es']).toBe(page.path);
    }
  });
});
