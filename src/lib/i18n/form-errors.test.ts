import { describe, expect, it } from 'vitest';
import { quoteRequest } from '../quote-requests';
import { cakeOrderRequest } from '../cakes';
import { contactMessage } from '../inbox';
import { productSuggestion } from '../product-suggestions';
import { validationError } from '../http';
import spanish from './server-errors/es.json';
import { translateFields } from './translate-error';

/** The public forms of /es/request-a-quote, /es/contact and a cake's page: every refusal of the shared schemas reads in Spanish. */
describe('the public forms’ messages in Spanish', () => {
  const refused = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    return translateFields(validationError(result.error as never).fields, spanish);
  };
  const spanishMessages = Object.values(spanish);

  it.each([
    ['quote request', quoteRequest, { submissionId: 'x', eventType: '', eventDate: 'soon', guestCount: 0, zip: '1', items: [], name: '', email: 'nope', phone: '12', budget: 0.5 }],
    ['cake order', cakeOrderRequest, { submissionId: 'x', product: '', servings: 0, tiers: 0, flavour: '', frosting: '', fulfilment: 'delivery', name: '', email: 'nope', phone: '1' }],
    ['contact message', contactMessage, { submissionId: 'x', kind: 'contact', name: '', email: 'nope', message: 'hi' }],
    ['rental suggestion', productSuggestion, { submissionId: 'x', what: '', email: 'nope' }],
  ])('translates every field of a refused %s', (_, schema, value) => {
    for (const [field, message] of Object.entries(refused(schema, value))) expect(spanishMessages, `${field}: ${message}`).toContain(message);
  });
});
