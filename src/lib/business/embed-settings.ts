import { z } from '../validation';

/**
 * Where the owner's booking widget may be shown (Settings → Add to your website, issue #39): the
 * origins of the owner's other website(s), the only ones another page's script may read prices and
 * stock from, and the page a customer who booked through the widget is sent back to.
 *
 * An origin is typed the way owners know their site ("www.example.com", or a page's whole address);
 * it is kept as the origin a browser sends (`https://www.example.com`), so comparing is exact.
 */
export const embedOrigin = z
  .string({ error: 'Enter a web address' })
  .trim()
  .min(1, 'Enter a web address')
  .max(200, 'At most 200 characters')
  .transform((typed, ctx) => {
    const origin = originOf(/^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`);
    if (!origin) ctx.addIssue({ code: 'custom', message: 'Use a web address like https://www.example.com' });
    return origin ?? z.NEVER;
  });

function originOf(address: string): string | null {
  try {
    const url = new URL(address);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password || (!url.hostname.includes('.') && url.hostname !== 'localhost')) return null;
    return url.origin;
  } catch {
    return null;
  }
}

export const MAX_EMBED_ORIGINS = 10;

export const embedSettings = z
  .object({
    origins: z.array(embedOrigin).max(MAX_EMBED_ORIGINS, `At most ${MAX_EMBED_ORIGINS} websites`),
    /** '' sends the customer to the booking site's own confirmation page. */
    thankYouUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Use a web address like https://www.example.com/thank-you' }).max(500, 'At most 500 characters')]),
  })
  .transform((s) => ({ ...s, origins: [...new Set(s.origins)] }))
  // Only a page of a listed site: the booking site must never send a customer anywhere else (an open redirect).
  .refine((s) => s.thankYouUrl === '' || s.origins.includes(new URL(s.thankYouUrl).origin), {
    path: ['thankYouUrl'],
    message: 'The thank-you page must be on one of the websites listed above',
  });
export type EmbedSettings = z.infer<typeof embedSettings>;

export const NO_EMBED: EmbedSettings = { origins: [], thankYouUrl: '' };
