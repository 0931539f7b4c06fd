import { queueEmail, claimAcknowledgement } from '../email/index.server';
import type { Locale } from '../i18n';
import { env } from '../config';
import type { Database } from '../db/index.server';
import { orNull } from '../forms';
import { businessInbox, storeSubmissionOnce } from '../forms/index.server';
import { getSettings } from '../business/index.server';
import { suggestionBusinessEmail, suggestionCustomerEmail, type SuggestionSummary } from './suggestion-emails';
import type { ProductSuggestion, SuggestionReceived } from './suggestion-form';

/**
 * POST /api/product-suggestions: lands in the admin's product-suggestions list. The visitor gets a
 * thank-you only if they left an e-mail address, and only within the day's cap on acknowledgements.
 */
export async function receiveProductSuggestion(sql: Database, input: ProductSuggestion, now: Date, language: Locale = 'en'): Promise<{ received: SuggestionReceived; replay: boolean }> {
  const settings = await getSettings(sql);
  const summary: SuggestionSummary = {
    what: input.what,
    why: input.why?.trim() ?? '',
    link: orNull(input.link),
    name: orNull(input.name),
    email: orNull(input.email),
  };
  return storeSubmissionOnce(sql, 'product_suggestions', input.submissionId, now, { ...summary }, async (tx) => {
    if (summary.email && (await claimAcknowledgement(tx, settings, now))) await queueEmail(tx, 'suggestion-customer', suggestionCustomerEmail({ ...summary, email: summary.email }, settings, language), now);
    await queueEmail(tx, 'suggestion-business', suggestionBusinessEmail(summary, settings, env().SITE_URL, businessInbox(settings.email)), now);
  });
}
