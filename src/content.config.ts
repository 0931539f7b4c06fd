import { defineCollection } from 'astro:content';
import { glob, file } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * Marketer-edited content. Operational facts (prices, ZIP codes, delivery fees, tax) live in the
 * database and are joined in at build time; these files hold the words.
 */

const slugList = z.array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/));

/** One file per served city; the file name is the service area's slug. */
const cities = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/cities' }),
  // A served town gets its pages from the service-area data; a file adds copy. Only the town's name
  // is required: every fact below is optional and the copy reads well without it.
  schema: z.object({
    city: z.string(),
    state: z.string().regex(/^[A-Z]{2}$/),
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
  }),
});

const faq = defineCollection({
  loader: file('./src/content/faq.json'),
  schema: z.object({
    question: z.string(),
    answer: z.string(),
    topic: z.enum(['booking', 'payment', 'delivery', 'safety', 'weather', 'cakes']),
    order: z.number().int(),
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
  }),
});

export const collections = { cities, services, pages, faq, reviews };
