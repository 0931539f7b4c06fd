import { z } from '../validation';

/**
 * Where the site's money goes in QuickBooks, as the owner maps it in Settings → Accounting. Invoice
 * lines need an item (QuickBooks takes the income account from the item), deposits and journal
 * entries an account. Ids are QuickBooks' own (numeric strings).
 */
const qboId = z.string().regex(/^[0-9]{1,20}$/, 'Choose an item or account from QuickBooks.');

export const accountingMappingSchema = z.object({
  /** The item each category's products post to (category id → item id); others post to `rentalsItem`. */
  categoryItems: z.record(z.uuid(), qboId).default({}),
  rentalsItem: qboId,
  damageWaiverItem: qboId,
  /** Delivery, and the yard's automatic charges (sandbags, generator, …). */
  deliveryItem: qboId,
  /** Staff adjustments, credits issued, refunds and what a cancellation keeps. */
  adjustmentsItem: qboId,
  /**
   * Sales tax as the site works it out, as a line with this item (pointing at the sales tax payable
   * account): QuickBooks' automated sales tax cannot be told the amount, and the site's rate is the rule.
   */
  salesTaxItem: qboId,
  /**
   * What customers forfeit when a store credit expires unspent (breakage): an invoice line with this
   * item (pointing at an income account such as "Expired store credit") closes the credit's memo.
   * Optional so a mapping saved before expiries were sent stays valid; until it is chosen each expiry
   * waits in the sync log (failed, with the reason), as payouts do without their bank account.
   */
  expiredCreditItem: qboId.optional(),
  /** Unearned revenue: deposits for parties still to come. */
  depositLiabilityAccount: qboId,
  /** Where card payments land (Stripe and in person): the bank account or Undeposited Funds. */
  cardDepositAccount: qboId,
  /** Where cash and checks land. */
  cashDepositAccount: qboId,
  /** Stripe's fees, for the payouts' deposits. */
  stripeFeeAccount: qboId,
  /**
   * The bank account Stripe pays out to: each payout is a Deposit into it. Until it is chosen the
   * payouts wait in the sync log (failed, with the reason); optional so a mapping saved before payouts
   * were kept in step stays valid.
   */
  payoutAccount: qboId.optional(),
  /** The Accounts Receivable account (journal entries that settle a customer's invoice). */
  receivableAccount: qboId,
});
export type AccountingMapping = z.infer<typeof accountingMappingSchema>;

export const accountingSettingsSchema = z.object({
  mapping: accountingMappingSchema,
  deferDeposits: z.boolean().default(true),
});
export type AccountingSettingsInput = z.infer<typeof accountingSettingsSchema>;

/** A payment's landing account by how it was paid. */
export const depositAccountFor = (mapping: AccountingMapping, method: string): string =>
  method === 'cash' || method === 'check' ? mapping.cashDepositAccount : mapping.cardDepositAccount;
