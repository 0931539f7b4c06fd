import { z } from '../validation';

/**
 * The content collections' schemas: the one truth for the build (src/content.config.ts passes them to
 * Astro), the browser editor's fields (editor-config.ts derives them) and the check the content
 * endpoint runs before it writes a file (content-files.ts). Marketer-edited words; operational facts
 * (prices, ZIP codes, delivery fees, tax) live in the database and are joined in at build time.
 */

/**
 * The seeded demo business's own words (its founding story, its reviews): built only while the site
 * is the demo. An entry `x-demo` marked so stands in for `x` while the site is the demo; `x` is the
 * generic version (src/lib/site/site-content.server.ts). Pages, services, FAQ and reviews may say
 * {business}, {city}, {state}, {stateName}, {phone}, {email}, {address} and the booking rules' placeholders
 * ({depositRule}, {deliveryHours} …): the build fills them in from the settings, in the entry's language
 * (src/lib/site/content-placeholders.ts).
 */
const demo = z.boolean().default(false);

const slugList = z.array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case words joined by dashes'));

/** A field name as a person might mistype it: case, dashes, underscores and spaces aside. */
const loosely = (name: string) => name.toLowerCase().replace(/[-_\s]/g, '');

/** Letters to change, add or drop to turn one name into the other. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** The field a mistyped name most likely meant (`neighbors` → `neighbours`, `drive_minutes` → `driveMinutes`), if one is close. */
export function closestField(name: string, fields: readonly string[]): string | undefined {
  const typed = loosely(name);
  const scored = fields.map((field) => ({ field, distance: editDistance(typed, loosely(field)) })).sort((a, b) => a.distance - b.distance);
  const best = scored[0];
  // Two slips (a swapped pair of letters is two) in a longer name, one in a short one, where two would reach other words.
  const length = best ? loosely(best.field).length : 0;
  return best && best.distance <= (length >= 5 ? Math.max(2, Math.floor(length / 4)) : 1) ? best.field : undefined;
}

/**
 * The fields of one content entry, and no others. zod (and so Astro) would drop a field it does not
 * know without a word: a mistyped `neighbors:` or `summerNotes:` built a page without the marketer's
 * words and a green build. Now it is refused, naming the field and the one it probably meant; a
 * Spanish entry is told that the facts stay in the English file.
 */
function entryFields<Shape extends z.core.$ZodLooseShape>(shape: Shape, { translation = false } = {}) {
  const fields = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return undefined;
      return issue.keys
        .map((key) => {
          const meant = closestField(key, fields);
          if (meant) return `Unknown field "${key}": did you mean "${meant}"?`;
          const facts = translation ? ' A Spanish entry holds only the words; its facts stay in the English file.' : '';
          return `Unknown field "${key}" (the fields are ${fields.join(', ')}).${facts}`;
        })
        .join(' ');
    },
  });
}

/**
 * One file per served town, named by the service area's slug. A served town gets its pages from the
 * service-area data; a file adds copy. Only the town's name is required: every fact below is optional
 * and the copy reads well without it.
 */
export const citySchema = entryFields({
  city: z.string(),
  state: z.string().regex(/^[A-Z]{2}$/, 'Use the 2-letter state code'),
  county: z.string().optional(),
  /** Overrides the drive time estimated from ZIP centres. */
  driveMinutes: z.number().int().positive().optional(),
  neighbourhoods: z.array(z.string()).optional(),
  parks: z.array(z.string()).optional(),
  venues: z.array(z.string()).optional(),
  /** Overrides the nearest served towns. */
  neighbours: slugList.optional(),
  terrain: z.string().optional(),
  summerNote: z.string().optional(),
});

/**
 * Services we market, each backed by one product category (its slug). The body is the service page's
 * copy; local landing pages combine it with a city's facts.
 */
export const serviceSchema = entryFields({
  name: z.string(),
  /** Short noun phrase used in landing-page titles: "Bounce House Rentals". */
  headline: z.string(),
  categorySlug: z.string(),
  summary: z.string().max(200),
  order: z.number().int(),
  highlights: z.array(z.string()).min(2),
  faq: z.array(entryFields({ question: z.string(), answer: z.string() })).default([]),
  demo,
});

/** Information pages (/about, /terms, ...): the file name is the route. */
export const pageSchema = entryFields({
  title: z.string(),
  description: z.string().max(170),
  heading: z.string(),
  updated: z.coerce.date().optional(),
  demo,
});

/**
 * What an FAQ entry is about that not every business offers: the entry is built only where the business
 * offers it (`damageWaiver`: a waiver above 0 % in the settings; `depositOnline` / `depositLater`: the
 * payment mode, deposit paid by card when booking or later by phone), so the shipped questions read
 * right for a business that chose none in the setup, or pay later.
 */
export const faqOffers = ['damageWaiver', 'depositOnline', 'depositLater'] as const;
export type FaqOffer = (typeof faqOffers)[number];

export const faqSchema = entryFields({
  question: z.string(),
  answer: z.string(),
  topic: z.enum(['booking', 'payment', 'delivery', 'safety', 'weather', 'cakes']),
  order: z.number().int(),
  onlyWith: z.enum(faqOffers).optional(),
  demo,
});

export const reviewSchema = entryFields({
  author: z.string(),
  city: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  rented: z.string(),
  demo,
});

/**
 * The Spanish entries (issue #40), in src/content/es: each holds the words of the English entry with the
 * same file name (or list id) and nothing else, so the facts (a category, an order, a drive time, a
 * rating, a date) are kept once, in the English entry, and cannot disagree between the languages. An
 * English entry with no Spanish one is shown in English on the /es page (marked, see localized.ts).
 */
export const cityEsSchema = entryFields(
  {
    /** The town's name, as on its English page (it names a new file in the editor, as the English one does). */
    city: z.string(),
    terrain: z.string().optional(),
    summerNote: z.string().optional(),
  },
  { translation: true },
);
export const serviceEsSchema = entryFields(serviceSchema.pick({ name: true, headline: true, summary: true, highlights: true, faq: true }).shape, { translation: true });
export const pageEsSchema = entryFields(pageSchema.pick({ title: true, description: true, heading: true }).shape, { translation: true });
export const faqEsSchema = entryFields(faqSchema.pick({ question: true, answer: true }).shape, { translation: true });
export const reviewEsSchema = entryFields(reviewSchema.pick({ text: true, rented: true }).shape, { translation: true });

/**
 * How each collection is stored, relative to the content folder: a folder of Markdown files (front
 * matter = the schema, body = the copy) or one JSON file holding a list of entries with an `id`.
 */
type Translation = {
  /** A Spanish collection names the English collection whose entries it translates. */
  translates?: string;
};
export type ContentCollection =
  | ({ name: string; label: string; kind: 'markdown-folder'; folder: string; schema: z.ZodObject } & Translation)
  | ({ name: string; label: string; kind: 'json-list'; file: string; schema: z.ZodObject } & Translation);

export const contentCollections = [
  { name: 'cities', label: 'City pages', kind: 'markdown-folder', folder: 'cities', schema: citySchema },
  { name: 'services', label: 'Services', kind: 'markdown-folder', folder: 'services', schema: serviceSchema },
  { name: 'pages', label: 'Information pages', kind: 'markdown-folder', folder: 'pages', schema: pageSchema },
  { name: 'faq', label: 'FAQ', kind: 'json-list', file: 'faq.json', schema: faqSchema },
  { name: 'reviews', label: 'Reviews', kind: 'json-list', file: 'reviews.json', schema: reviewSchema },
  { name: 'citiesEs', label: 'City pages (Spanish)', kind: 'markdown-folder', folder: 'es/cities', schema: cityEsSchema, translates: 'cities' },
  { name: 'servicesEs', label: 'Services (Spanish)', kind: 'markdown-folder', folder: 'es/services', schema: serviceEsSchema, translates: 'services' },
  { name: 'pagesEs', label: 'Information pages (Spanish)', kind: 'markdown-folder', folder: 'es/pages', schema: pageEsSchema, translates: 'pages' },
  { name: 'faqEs', label: 'FAQ (Spanish)', kind: 'json-list', file: 'es/faq.json', schema: faqEsSchema, translates: 'faq' },
  { name: 'reviewsEs', label: 'Reviews (Spanish)', kind: 'json-list', file: 'es/reviews.json', schema: reviewEsSchema, translates: 'reviews' },
] as const satisfies readonly ContentCollection[];

/** Where the content lives in the repository (and so in the editor's paths and in Git commits). */
export const CONTENT_REPO_FOLDER = 'src/content';

/**
 * The folder the build reads content from: `CONTENT_DIR` when set (tests edit a copy, so they never
 * leave the repository's files changed), otherwise the repository's own `src/content`.
 */
export function contentDir(environment: Record<string, string | undefined>): string {
  return environment.CONTENT_DIR?.trim() || `./${CONTENT_REPO_FOLDER}`;
}
