import { describe, expect, it } from 'vitest';
import { translateFields } from '../i18n';
import spanish from '../i18n/server-errors/es.json';
import { validationError } from '../http';
import { cakeOrderRequest } from './cake-order-form';

/** The form on its Spanish page (issue #40): every refusal of its schema reads in Spanish, in the browser and from the server. */
describe('a refused cake order in Spanish', () => {
  it('has every field’s message in the Spanish catalog', () => {
    const result = cakeOrderRequest.safeParse({ submissionId: 'x', product: '', servings: 0, tiers: 0, flavour: '', frosting: '', fulfilment: 'delivery', name: '', email: 'nope', phone: '1' });
    expect(result.success).toBe(false);
    const fields = translateFields(validationError(result.error!).fields, spanish);
    expect(Object.keys(fields).length).toBeGreaterThan(0);
    for (const [field, message] of Object.entries(fields)) expect(Object.values(spanish), `${field}: ${message}`).toContain(message);
  });
});
