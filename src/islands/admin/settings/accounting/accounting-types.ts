import type { AccountingStatus, QueueEntry, QuickBooksChoices } from '../../../../lib/accounting/index.server';

/** GET /api/admin/accounting: the connection and a page of the sync log. */
export type AccountingPayload = AccountingStatus & { redirectUri: string; items: QueueEntry[] };
export type { QueueEntry };
export type QueueState = QueueEntry['status'];

/** GET /api/admin/accounting/choices: QuickBooks' items and accounts, and the site's categories. */
export type MappingChoices = QuickBooksChoices & { categories: { id: string; name: string; active: boolean }[] };

export const queueStates: { id: QueueState; label: string }[] = [
  { id: 'waiting', label: 'Waiting' },
  { id: 'sent', label: 'Sent' },
  { id: 'failed', label: 'Failed' },
];

/** What each item of the queue sends, in an owner's words. */
export const kindLabels: Record<string, string> = {
  customer: 'Customer',
  invoice: 'Invoice',
  invoice_change: 'Invoice changed',
  payment: 'Payment',
  refund: 'Refund',
  credit: 'Credit issued',
  cancellation: 'Cancellation',
  deposit_income: 'Deposits moved to income',
  credit_forfeit: 'Credit expired or voided',
};
