// The front door of changed plans: the owner's change and cancellation policy and what it gives a
// booking. Pure and safe in the browser.
export {
  cancellationNow,
  cancellationOutcome,
  type CancellationOutcome,
  cancellationTerms,
  cancellationTier,
  changePolicyKeys,
  changePolicyOf,
  creditTierExists,
  type CancellationTier,
  type ChangePolicy,
  selfServiceOpen,
  selfServiceUntil,
} from './policy';
export { cancellationNowIn, cancellationTermsIn } from './policy-words';
