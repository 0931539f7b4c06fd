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

/**
 * One file per served town, named by the service area's slug. A served town gets its pages from the
 * service-area data; a file adds copy. Only the town's name is required: every fact below is optional
 * and the copy reads well without it.
 */
export const citySchema = z.object({
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
export const serviceSchema = z.object({
  name: z.string(),
  /** Short noun phrase used in landing-page titles: "Bounce House Rentals". */
  headline: z.string(),
  categorySlug: z.string(),
  summary: z.string().max(200),
  order: z.number().int(),
  highlights: z.array(z.string()).min(2),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })).default([]),
  demo,
});

/** Information pages (/about, /terms, ...): the file name is the route. */
export const pageSchema = z.object({
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

export const faqSchema = z.object({
  question: z.string(),
  answer: z.string(),
  topic: z.enum(['booking', 'payment', 'delivery', 'safety', 'weather', 'cakes']),
  order: z.number().int(),
  onlyWith: z.enum(faqOffers).optional(),
  demo,
});

export const reviewSchema = z.object({
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
export const cityEsSchema = z.object({
  /** The town's name, as on its English page (it names a new file in the editor, as the English one does). */
  city: z.string(),
  terrain: z.string().optional(),
  summerNote: z.string().optional(),
});
export const serviceEsSchema = serviceSchema.pick({ name: true, headline: true, summary: true, highlights: true, faq: true });
export const pageEsSchema = pageSchema.pick({ title: true, description: true, heading: true });
export const faqEsSchema = faqSchema.pick({ question: true, answer: true });
export const reviewEsSchema = reviewSchema.pick({ text: true, rented: true });

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
