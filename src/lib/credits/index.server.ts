// The front door of customer credits, server side: the ledger as staff read and change it.
export { type CreditActor, creditsOf, type CustomerCredit, type CustomerCredits, issueCredit, voidCredit } from './credits-admin.server';
export { creditBalanceForBooking } from './credit-balance.server';
export { type BookingToCredit, creditFromBooking } from './credit-from-booking.server';
export { allocateLockedCredit, lockSpendableCredits, restoreCreditIn, returnLapsedCredit, writeCreditSpend, type CreditSpend } from './credit-spend.server';
export { checkedCreditGrant, creditCodeLimits, requestCreditCode, verifyCreditCode, type ProvedCredit } from './credit-codes.server';
export { type CreditGrant } from './credit-grant.server';
