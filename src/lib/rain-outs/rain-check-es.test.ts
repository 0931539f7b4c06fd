import { describe, expect, it } from 'vitest';
import { validationError } from '../http';
import { translateFields } from '../i18n';
import spanish from '../i18n/server-errors/es.json';
import { rainCheckAnswerBody, rainCheckRequest } from './rain-check-request';
import { customerChoices } from './rain-out-emails';

/** Issue #40: /es/rain-check's choices and the refusals of its requests in Spanish. */
describe('the rain check from a Spanish page', () => {
  it('lists the choices in Spanish, with Spanish dates and money', () => {
    const terms = { moveUntil: '2027-08-06', creditUntil: '2027-08-06' };
    const labels = customerChoices(['move', 'credit', 'refund'], 15000, terms, 'es').map((c) => c.label);
    expect(labels).toHaveLength(3);
    for (const label of labels) expect(label).not.toMatch(/(?<!\p{L})(the|your|you|move|keep|get|back|paid|credit|until|free)(?!\p{L})/iu);
    expect(labels[2]).toBe('Recibir de vuelta los $150 que pagó');
    expect(customerChoices(['move', 'credit', 'refund'], 15000, terms).map((c) => c.label)[2]).toBe('Get the $150 you paid back');
  });

  it('has every refusal of its requests in the server’s Spanish catalog', () => {
    for (const [schema, body] of [
      [rainCheckRequest, { bookingNumber: 'x', key: 'short' }],
      [rainCheckAnswerBody, { bookingNumber: '', key: 7, answer: 'move' }],
    ] as const) {
      const refused = schema.safeParse(body);
      expect(refused.success).toBe(false);
      for (const [field, message] of Object.entries(translateFields(validationError(refused.error!).fields, spanish))) {
        expect(Object.values(spanish), `${field}: ${message}`).toContain(message);
      }
    }
  });
});
