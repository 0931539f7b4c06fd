import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { cityEsSchema, citySchema, contentDir, faqEsSchema, faqSchema, pageEsSchema, pageSchema, reviewEsSchema, reviewSchema, serviceEsSchema, serviceSchema } from './lib/content/collections';
import { jsonListLoader } from './lib/content/json-list-loader.server';

/**
 * Marketer-edited content, edited in the browser at /admin/content or as files in git. The schemas
 * live in src/lib/content/collections.ts, shared with that editor and the endpoint that saves its
 * changes. Operational facts (prices, ZIP codes, delivery fees, tax) live in the database and are
 * joined in at build time; these files hold the words.
 */
const root = contentDir(process.env);

/** One file per served city; the file name is the service area's slug. */
const cities = defineCollection({ loader: glob({ pattern: '*.md', base: `${root}/cities` }), schema: citySchema });

/** Services we market; the body is the service page's copy. */
const services = defineCollection({ loader: glob({ pattern: '*.md', base: `${root}/services` }), schema: serviceSchema });

/** Information pages (/about, /terms, ...): the file name is the route. */
const pages = defineCollection({ loader: glob({ pattern: '*.md', base: `${root}/pages` }), schema: pageSchema });

const faq = defineCollection({ loader: jsonListLoader(`${root}/faq.json`), schema: faqSchema });

const reviews = defineCollection({ loader: jsonListLoader(`${root}/reviews.json`), schema: reviewSchema });

/**
 * The Spanish entries (/es pages): the words of the English entry with the same file name or id, in
 * src/content/es; the facts stay in the English entry (src/lib/content/localized.ts joins them).
 */
const citiesEs = defineCollection({ loader: glob({ pattern: '*.md', base: `${root}/es/cities` }), schema: cityEsSchema });
const servicesEs = defineCollection({ loader: glob({ pattern: '*.md', base: `${root}/es/services` }), schema: serviceEsSchema });
const pagesEs = defineCollection({ loader: glob({ pattern: '*.md', base: `${root}/es/pages` }), schema: pageEsSchema });
const faqEs = defineCollection({ loader: jsonListLoader(`${root}/es/faq.json`), schema: faqEsSchema });
const reviewsEs = defineCollection({ loader: jsonListLoader(`${root}/es/reviews.json`), schema: reviewEsSchema });

export const collections = { cities, services, pages, faq, reviews, citiesEs, servicesEs, pagesEs, faqEs, reviewsEs };
