// The front door of customer credits: reasons, states, what can be spent, and the staff request bodies.
// Pure and safe in the browser; its I/O is index.server.ts.
export {
  availableCredit,
  type CreditBalance,
  creditExpiry,
  CREDIT_EXPIRY_MAX_YEARS,
  creditExpiryProblem,
  creditExpiryWords,
  type CreditLine,
  type CreditReason,
  creditReasonLabels,
  creditReasons,
  type CreditState,
  creditStateLabels,
  issueCreditBody,
  latestCreditExpiry,
  type IssueCreditBody,
  voidCreditBody,
} from './credits';
export {
  allocateCredit,
  CODE_SENT_MESSAGE,
  creditCodeCheck,
  creditCodeRequest,
  type CreditDraw,
  creditPaymentBody,
  drawnCents,
  PAID_FROM_CREDIT,
  RETURNED_TO_CREDIT,
  restoreDraws,
  type SpendableCredit,
} from './spending';
