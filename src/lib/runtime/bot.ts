/**
 * Crawlers and audit tools (bots, Lighthouse, Facebook's link preview, Google's crawlers) must
 * never be sent to the error page by a client-side error: they would index or score it instead
 * of the real page. For them the error is only logged.
 */
const botUserAgent = /bot|lighthouse|facebookexternalhit|google/i;

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return botUserAgent.test(userAgent ?? '');
}
