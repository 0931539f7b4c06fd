import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoServiceAreas } from '../supabase/seed/service-areas';

/**
 * The business is data (README, *Where things live*): no code names the demo business, its towns, its
 * state or its time zone. Its words live in the content (src/content) and the seed (supabase/seed),
 * which this test does not read; everything else must take them from the settings.
 *
 * To watch for another word, add it to BUSINESS_WORDS. A file that must hold one of them for every
 * business alike (a table of all the states) is listed in ALLOWED with the reason.
 */
export const BUSINESS_WORDS: { word: string; pattern: RegExp }[] = [
  { word: 'Pink Flamingo', pattern: /Pink Flamingo/i },
  // Slugs, file names and addresses: 'pink-flamingo-two-tier-cake', 'round-rock', pinkflamingo.example.
  { word: 'pink-flamingo', pattern: /pink[-_]flamingo/i },
  { word: 'pinkflamingo', pattern: /pinkflamingo/i },
  { word: 'Round Rock', pattern: /\bRound Rock\b/i },
  { word: 'round-rock', pattern: /\bround[-_]rock\b/i },
  { word: 'roundrock', pattern: /roundrock/i },
  { word: 'Austin', pattern: /Austin/ },
  { word: 'Texas', pattern: /Texas/ },
  { word: 'TX', pattern: /\bTX\b/ },
  { word: 'America/Chicago', pattern: /America\/Chicago/ },
  // The demo's booking-number prefix (a setting, issue 36): as a literal ('PF') and in a number's shape
  // ("PF-7K3Q9X", "PF-XXXX"); numbers of any prefix are matched by BOOKING_NUMBER (src/lib/reference).
  { word: "'PF'", pattern: /(['"`])PF\1/ },
  { word: 'PF-', pattern: /\bPF-[A-Z0-9]/ },
];

/** Files (relative, '/'-separated) allowed to hold a business word, and why. */
const ALLOWED: Record<string, string> = {
  'src/lib/business/us-states.ts': 'the table of all 50 states and DC, every state alike',
  'src/lib/settings/us-time-zones.ts': 'the US time zones the setup offers, every zone alike',
  'src/lib/settings/state-time-zones.ts': 'the clocks every state keeps and the zones that keep them, every state alike',
};

/** What is scanned: the code and configuration, not the content, the seed or the tests. */
const ROOTS = ['src', 'netlify', 'astro.config.mjs'];
const SKIPPED_DIRS = new Set(['node_modules', '.netlify']);
const TEXT = /\.(ts|tsx|mts|cts|js|mjs|cjs|astro|css|json|html|svg|md|mdx|toml|ya?ml|txt)$/;

const isExcluded = (file: string) =>
  file.startsWith('src/content/') || /\.test\.(ts|tsx|mts)$/.test(file) || file.startsWith('tests/') || file in ALLOWED;

async function filesUnder(root: string): Promise<string[]> {
  const stats = await readdir(root, { withFileTypes: true }).catch(() => null);
  if (stats === null) return [root];
  const found: string[] = [];
  for (const entry of stats) {
    const file = path.posix.join(root, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...(await filesUnder(file)));
    } else if (TEXT.test(entry.name)) found.push(file);
  }
  return found;
}

/** `file:line: word: the line` for every one of the words on every line of the text. */
function wordHits(words: { word: string; pattern: RegExp }[], file: string, text: string): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { word, pattern } of words) {
      if (pattern.test(line)) hits.push(`${file}:${index + 1}: ${word}: ${line.trim().slice(0, 160)}`);
    }
  });
  return hits;
}

/** Every business word on every line of the text. */
export const businessWordHits = (file: string, text: string): string[] => wordHits(BUSINESS_WORDS, file, text);

describe('nothing about a business in the code', () => {
  it('finds each word, TX only as a word, and says where', () => {
    expect(businessWordHits('a.ts', "const x = 'Round Rock';\nconst tz = 'America/Chicago';")).toEqual([
      "a.ts:1: Round Rock: const x = 'Round Rock';",
      "a.ts:2: America/Chicago: const tz = 'America/Chicago';",
    ]);
    expect(businessWordHits('b.ts', "state: 'TX', // TXT, ATX and text are fine")).toEqual(["b.ts:1: TX: state: 'TX', // TXT, ATX and text are fine"]);
    expect(businessWordHits('c.ts', 'const TXT = 1; // hello@pinkflamingo.example')).toEqual(['c.ts:1: pinkflamingo: const TXT = 1; // hello@pinkflamingo.example']);
    expect(businessWordHits('d.ts', "const state = 'OH';")).toEqual([]);
    // The demo's slugs and the lower-case forms are the business too.
    expect(businessWordHits('e.ts', "'pink-flamingo-two-tier-cake': { servings: 30 },")).toEqual(["e.ts:1: pink-flamingo: 'pink-flamingo-two-tier-cake': { servings: 30 },"]);
    expect(businessWordHits('f.ts', "href: '/locations/round-rock', // pink flamingo theme")).toEqual([
      "f.ts:1: Pink Flamingo: href: '/locations/round-rock', // pink flamingo theme",
      "f.ts:1: round-rock: href: '/locations/round-rock', // pink flamingo theme",
    ]);
    expect(businessWordHits('g.ts', 'const host = "www.RoundRock-rentals.example";')).toEqual(['g.ts:1: roundrock: const host = "www.RoundRock-rentals.example";']);
    expect(businessWordHits('h.ts', "const slug = 'flamingo-beach-bounce-house'; // a round rocking horse")).toEqual([]);
    // The demo's booking-number prefix, as a literal and in a number; other words with PF in them are fine.
    expect(businessWordHits('i.ts', "number: newReference('PF'),")).toEqual(["i.ts:1: 'PF': number: newReference('PF'),"]);
    expect(businessWordHits('j.tsx', 'hint="It looks like PF-7K3Q9X." // or PF-XXXX')).toEqual(['j.tsx:1: PF-: hint="It looks like PF-7K3Q9X." // or PF-XXXX']);
    expect(businessWordHits('k.ts', "const PFX = 'PFA'; // PDF-1, UPF-50, `${prefix}-7K3Q9X`")).toEqual([]);
  });

  it('src/, netlify/ and astro.config.mjs outside the content, the seed and the tests name no business', async () => {
    const files = (await Promise.all(ROOTS.map(filesUnder))).flat().filter((file) => !isExcluded(file));
    expect(files.length).toBeGreaterThan(300);
    const hits: string[] = [];
    for (const file of files) hits.push(...businessWordHits(file, await readFile(file, 'utf8')));
    expect(hits, `Business words in code (take them from the settings or the content):\n${hits.join('\n')}`).toEqual([]);
  });
});

// ---------------------------------------------------------------- the demo's towns (issue #36)

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every town of the demo's service area, read from the seed (so a town added there is watched too):
 * the name as written ("Cedar Park", a capitalised word, so "manor" or "taylor" in code is not a town)
 * and, for a name of several words, its slug ('cedar-park') in any case.
 */
export const DEMO_TOWN_WORDS: { word: string; pattern: RegExp }[] = demoServiceAreas.flatMap((area) => [
  { word: area.city, pattern: new RegExp(`\\b${escapeRegExp(area.city)}\\b`) },
  ...(area.slug.includes('-') ? [{ word: area.slug, pattern: new RegExp(`\\b${escapeRegExp(area.slug)}\\b`, 'i') }] : []),
]);

/** Every demo town on every line of the text. */
export const demoTownHits = (file: string, text: string): string[] => wordHits(DEMO_TOWN_WORDS, file, text);

describe('no demo town in the code', () => {
  it('knows every town of the demo’s service area, from the seed', () => {
    expect(demoServiceAreas.length).toBeGreaterThan(20);
    for (const area of demoServiceAreas) expect(DEMO_TOWN_WORDS.map((w) => w.word)).toContain(area.city);
    expect(demoTownHits('a.astro', 'We serve 8 cities, from Salado to San Marcos.')).toEqual([
      'a.astro:1: Salado: We serve 8 cities, from Salado to San Marcos.',
      'a.astro:1: San Marcos: We serve 8 cities, from Salado to San Marcos.',
    ]);
    expect(demoTownHits('b.ts', "href: '/locations/Marble-Falls'")).toEqual(["b.ts:1: marble-falls: href: '/locations/Marble-Falls'"]);
    // A town's name as a word, not inside another word or in lower case in code.
    expect(demoTownHits('c.ts', "const manor = 'Taylored'; // kyleMode")).toEqual([]);
  });

  it('src/, netlify/ and astro.config.mjs outside the content, the seed and the tests name no demo town', async () => {
    const files = (await Promise.all(ROOTS.map(filesUnder))).flat().filter((file) => !isExcluded(file));
    const hits: string[] = [];
    for (const file of files) hits.push(...demoTownHits(file, await readFile(file, 'utf8')));
    expect(hits, `Demo towns in code (take towns from the service areas or the content):\n${hits.join('\n')}`).toEqual([]);
  });
});
