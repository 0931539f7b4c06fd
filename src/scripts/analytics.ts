/**
 * The Google tag's setup, which Google's snippet does inline: here it is part of the site's own
 * script, so the Content-Security-Policy needs no inline exception for it. BaseLayout renders the
 * `analytics-id` meta tag and loads gtag.js only when PUBLIC_ANALYTICS_ID was set at build time;
 * gtag.js reads the queued commands whenever it arrives.
 */
type Gtag = (...args: unknown[]) => void;

export function startAnalytics(): void {
  const id = document.querySelector<HTMLMetaElement>('meta[name="analytics-id"]')?.content;
  const w = window as unknown as { dataLayer?: unknown[]; gtag?: Gtag };
  if (!id || w.gtag) return;
  w.dataLayer = w.dataLayer || [];
  w.gtag = function gtag() {
    // gtag.js reads the arguments object itself; a rest array is not recognised.
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer!.push(arguments);
  };
  w.gtag('js', new Date());
  w.gtag('config', id);
}
