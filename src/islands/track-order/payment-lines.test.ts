import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../lib/i18n';
import { paymentGroups } from './payment-lines';

describe('the money the tracking page lists', () => {
  it('lists a refund apart from what was received, under its own heading in both languages', async () => {
    const deposit = { kind: 'deposit', method: 'stripe', amountCents: 6000, at: '2027-03-01T18:00:00Z' };
    const refund = { kind: 'refund', method: 'stripe', amountCents: 6000, at: '2027-03-05T18:00:00Z' };
    expect(paymentGroups([deposit, refund])).toEqual({ received: [deposit], refunds: [refund] });
    const headings = await Promise.all((['en', 'es'] as const).map(async (l) => (await messagesFor(l)).trackOrder.payments));
    expect(headings.map((w) => [w.received, w.refunds])).toEqual([
      ['Received', 'Refunded'],
      ['Recibido', 'Reembolsado'],
    ]);
  });
});
