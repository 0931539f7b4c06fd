import { z } from '../validation';

/**
 * First-party analytics: what the public pages may report to POST /api/events. Only the path
 * (never the query string, which can hold booking numbers or e-mail links), the product slug, an
 * anonymous random visitor id and the referring site's origin. booking_created is recorded by the
 * server when a booking is placed, never by the browser.
 */

export const CLIENT_EVENT_NAMES = ['page_view', 'product_view', 'add_to_cart', 'checkout_start'] as const;
export type ClientEventName = (typeof CLIENT_EVENT_NAMES)[number];

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const analyticsEvent = z
  .object({
    name: z.enum(CLIENT_EVENT_NAMES, { error: `Event name is one of: ${CLIENT_EVENT_NAMES.join(', ')}` }),
    path: z
      .string({ error: 'Path is required' })
      .max(500, 'Path is too long')
      .regex(/^\/[^\s]*$/, 'Path starts with /')
      .transform((p) => p.split(/[?#]/)[0]!),
    product: z.string().max(120).regex(SLUG, 'Product is a slug').optional(),
    visitor: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'Visitor id is 8-64 letters, digits or dashes').optional(),
    referrer: z
      .url({ protocol: /^https?$/, error: 'Referrer is an http(s) URL' })
      .max(500, 'Referrer is too long')
      .transform((r) => new URL(r).origin)
      .optional(),
  })
  .refine((e) => (e.name === 'product_view' || e.name === 'add_to_cart' ? e.product !== undefined : true), {
    path: ['product'],
    message: 'Product views and cart additions name the product',
  });

export type AnalyticsEvent = z.infer<typeof analyticsEvent>;

/** The browser asked not to be tracked (Do Not Track or Global Privacy Control). */
export function optedOut(headers: Headers): boolean {
  return headers.get('dnt') === '1' || headers.get('sec-gpc') === '1';
}
