import { describe, expect, it } from 'vitest';
import { validationError } from '../http';
import { translateFields } from '../i18n';
import spanish from '../i18n/server-errors/es.json';
import { cancelRequest, managePayRequest, moveRequest } from './customer-changes';

/** The refusals of /es/track-order's change-or-cancel requests, as the handler sends them back to a Spanish page. */

describe('the change-or-cancel requests refused on a Spanish page', () => {
  it.each([
    ['a cancellation without its key or what it gives back', cancelRequest, { bookingNumber: 'BB-1234ABCD', key: 7 }],
    [
      'a cancellation with a key too long to be one',
      cancelRequest,
      { bookingNumber: 'BB-1234ABCD', key: 'k'.repeat(200), expected: 'refund' },
    ],
    [
      'a move without its key',
      moveRequest,
      { bookingNumber: 'BB-1234ABCD', key: null, event: { date: '2027-01-09', start: '10:00', end: '16:00' } },
    ],
    [
      'a payment of less than 50 cents',
      managePayRequest,
      { bookingNumber: 'BB-1234ABCD', key: 'k'.repeat(43), amountCents: 10 },
    ],
    [
      'a payment that is not in cents',
      managePayRequest,
      { bookingNumber: 'BB-1234ABCD', key: 'k'.repeat(43), amountCents: 'ten' },
    ],
  ] as const)('%s', (_, schema, body) => {
    const refused = schema.safeParse(body);
    expect(refused.success).toBe(false);
    const english = validationError(refused.error!).fields;
    expect(Object.keys(english).length).toBeGreaterThan(0);
    for (const [field, message] of Object.entries(translateFields(english, spanish)))
      expect(message, field).not.toBe(english[field]);
  });
});
