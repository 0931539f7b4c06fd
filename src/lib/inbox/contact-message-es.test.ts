import { describe, expect, it } from 'vitest';
import { translateFields } from '../i18n';
import spanish from '../i18n/server-errors/es.json';
import { validationError } from '../http';
import { contactMessage } from './contact-message';

/** The form on its Spanish page (issue #40): every refusal of its schema reads in Spanish, in the browser and from the server. */
describe('a refused contact message in Spanish', () => {
  it('has every field’s message in the Spanish catalog', () => {
    const result = contactMessage.safeParse({ submissionId: 'x', kind: 'contact', name: '', email: 'nope', message: 'hi' });
    expect(result.success).toBe(false);
    const fields = translateFields(validationError(result.error!).fields, spanish);
    expect(Object.keys(fields).length).toBeGreaterThan(0);
    for (const [field, message] of Object.entries(fields)) expect(Object.values(spanish), `${field}: ${message}`).toContain(message);
  });
});
