import { describe, expect, it } from 'vitest';
import { BUSINESS_INBOX, expectNoSpam, settings, SPAM, SPAM_NAME } from '../../../tests/support/unverified-acknowledgement';
import { suggestionBusinessEmail, suggestionCustomerEmail } from './suggestion-emails';

describe('the acknowledgement of a rental suggestion', () => {
  it('carries neither the suggestion nor its link; the notice to the business has both', () => {
    const s = { what: SPAM, why: SPAM, link: 'https://spam.example/offer', name: SPAM_NAME, email: 'x@example.com' };
    expectNoSpam(suggestionCustomerEmail(s, settings));
    expect(suggestionBusinessEmail(s, settings, 'https://site.example', BUSINESS_INBOX).text).toContain('https://spam.example/offer');
  });
});
