import { describe, expect, it } from 'vitest';
import { paymentMethodLabels } from '../booking';
import { INVOICE_WORDS } from '../invoices';
import { offlinePaymentMethods } from './recorded-payments';

// Beside the payments, which read the booking's labels and the invoice's words: a test in the booking
// folder importing them made booking and payments (and invoices) point at each other.
describe('paymentMethodLabels', () => {
  // A booking's payments table, the payment and refund forms and the history read these; the API's
  // method is `check` and the customer's receipt says "Check": one word for staff and customers.
  it('calls a check a check, as the customer’s receipt does', () => {
    expect(paymentMethodLabels.check).toBe('Check');
    expect(paymentMethodLabels.check).toBe(INVOICE_WORDS.en.methods.check);
    expect(Object.values(paymentMethodLabels).join(' ')).not.toMatch(/cheque/i);
  });

  it('names every method staff can record by hand', () => {
    for (const method of offlinePaymentMethods) expect(paymentMethodLabels[method]).toBeTruthy();
  });
});
