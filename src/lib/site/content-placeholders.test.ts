import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillData, fillPlaceholders, isOffered, placeholderValues, resolveDemoEntries, unknownPlaceholders } from './content-placeholders';

const ohio = placeholderValues({
  businessName: 'Buckeye Bounce & Slide',
  addressLine1: '55 High St',
  addressCity: 'Columbus',
  addressState: 'OH',
  addressZip: '43215',
  phone: '(614) 555-0100',
  email: 'hello@buckeye.example',
  damageWaiverPercent: 8,
});

describe('content placeholders', () => {
  it('fills every placeholder from the business’s settings', () => {
    expect(fillPlaceholders('{business} of {city}, {state} ({stateName}). Call {phone} or write to {email} or {address}.', ohio)).toBe(
      'Buckeye Bounce & Slide of Columbus, OH (Ohio). Call (614) 555-0100 or write to hello@buckeye.example or 55 High St, Columbus, OH 43215.',
    );
    expect(fillPlaceholders('The waiver costs {damageWaiverPercent} of the rentals.', ohio)).toBe('The waiver costs 8 % of the rentals.');
  });

  it('builds an entry about the damage waiver only for a business that offers one (the setup may choose none)', () => {
    const waiverQuestion = { question: 'What is the damage waiver?', onlyWith: 'damageWaiver' as const };
    expect(isOffered(waiverQuestion, { damageWaiverPercent: 10 })).toBe(true);
    expect(isOffered(waiverQuestion, { damageWaiverPercent: 0 })).toBe(false);
    expect(isOffered({ question: 'How far ahead do I book?' }, { damageWaiverPercent: 0 })).toBe(true);
  });

  it('escapes the values in rendered HTML, and leaves other braces as written', () => {
    expect(fillPlaceholders('<p>About {business}</p>', ohio, { html: true })).toBe('<p>About Buckeye Bounce &amp; Slide</p>');
    expect(fillPlaceholders('{unknown} and {} stay', ohio)).toBe('{unknown} and {} stay');
  });

  it('fills front matter and FAQ fields however deep, and keeps dates and numbers', () => {
    const updated = new Date('2026-01-01');
    const data = { title: 'About {business}', order: 3, updated, faq: [{ question: 'Where?', answer: 'In {city}.' }] };
    expect(fillData(data, ohio)).toEqual({ title: 'About Buckeye Bounce & Slide', order: 3, updated, faq: [{ question: 'Where?', answer: 'In Columbus.' }] });
  });

  it('names the {words} that are no placeholder', () => {
    expect(unknownPlaceholders('{buisness} in {city}')).toEqual(['buisness']);
  });
});

describe('demo content', () => {
  const entries = [
    { id: 'about', data: { demo: false } },
    { id: 'about-demo', data: { demo: true } },
    { id: 'terms', data: {} },
    { id: 'review-1', data: { demo: true } },
  ];

  it('builds only the generic entries for a business that is not the demo', () => {
    expect(resolveDemoEntries(entries, false).map((e) => e.id)).toEqual(['about', 'terms']);
  });

  it('puts the demo’s version in the generic one’s place, under its id, while the site is the demo', () => {
    const built = resolveDemoEntries(entries, true);
    expect(built.map((e) => e.id)).toEqual(['about', 'terms', 'review-1']);
    expect(built[0]!.data.demo).toBe(true);
  });
});

describe('the content files', () => {
  it('use only known placeholders', () => {
    const root = path.resolve('src/content');
    const files = [
      ...['pages', 'services'].flatMap((dir) => readdirSync(path.join(root, dir)).map((f) => path.join(root, dir, f))),
      path.join(root, 'faq.json'),
      path.join(root, 'reviews.json'),
    ];
    const typos = files.flatMap((file) => unknownPlaceholders(readFileSync(file, 'utf8')).map((name) => `${path.relative(root, file)}: {${name}}`));
    expect(typos).toEqual([]);
  });
});
