import { defineCollection } from 'astro:content';
import { glob, file } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * Marketer-edited content. Operational facts (prices, ZIP codes, delivery fees, tax) live in the
 * database and are joined in at build time; these files hold the words. Pages, services, FAQ and
 * reviews may say {business}, {city}, {state}, {stateName}, {phone}, {email} and {address}: the build
 * fills them in from the settings (src/lib/site/content-placeholders.ts).
 */

const slugList = z.array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/));

/**
 * The seeded demo business's own words (its founding story, its reviews): built only while the site
 * is the demo. An entry `x-demo` marked so stands in for `x` while the site is the demo; `x` is the
 * generic version (src/lib/site/content-placeholders.ts).
 */
const demo = z.boolean().default(false);

/** One file per served city; the file name is the service area's slug. */
const cities = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/cities' }),
  schema: z.object({
    city: z.string(),
    state: z.string().regex(/^[A-Z]{2}$/),
    county: z.string(),
    driveMinutes: z.number().int().positive(),
    neighbourhoods: z.array(z.string()),
    parks: z.array(z.string()),
    venues: z.array(z.string()),
    neighbours: slugList,
    terrain: z.string(),
    summerNote: z.string(),
  }),
});

/**
 * Services we market, each backed by one product category (its slug). The body is the service page's
 * copy; local landing pages combine it with a city's facts.
 */
const services = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/services' }),
  schema: z.object({
    name: z.string(),
    /** Short noun phrase used in landing-page titles: "Bounce House Rentals". */
    headline: z.string(),
    categorySlug: z.string(),
    summary: z.string().max(200),
    order: z.number().int(),
    highlights: z.array(z.string()).min(2),
    faq: z.array(z.object({ question: z.string(), answer: z.string() })).default([]),
    demo,
  }),
});

/** Information pages (/about, /terms, ...): the file name is the route. */
const pages = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/pages' }),
  schema: z.object({
    title: z.string(),
    description: z.string().max(170),
    heading: z.string(),
    updated: z.coerce.date().optional(),
    demo,
  }),
});

const faq = defineCollection({
  loader: file('./src/content/faq.json'),
  schema: z.object({
    question: z.string(),
    answer: z.string(),
    topic: z.enum(['booking', 'payment', 'delivery', 'safety', 'weather', 'cakes']),
    order: z.number().int(),
    demo,
  }),
});

const reviews = defineCollection({
  loader: file('./src/content/reviews.json'),
  schema: z.object({
    author: z.string(),
    city: z.string(),
    rating: z.number().int().min(1).max(5),
    text: z.string(),
    rented: z.string(),
    demo,
  }),
});

export const collections = { cities, services, pages, faq, reviews };
