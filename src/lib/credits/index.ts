// The front door of customer credits: reasons, states, what can be spent, and the staff request bodies.
// Pure and safe in the browser; its I/O is index.server.ts.
export {
  availableCredit,
  creditExpiry,
  type CreditLine,
  type CreditReason,
  creditReasonLabels,
  creditReasons,
  type CreditState,
  creditStateLabels,
  issueCreditBody,
  type IssueCreditBody,
  voidCreditBody,
} from './credits';
