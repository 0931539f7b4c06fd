// The front door of the messages a customer gets (issue #26). Server side (I/O): functions, the build and other
// features' *.server.ts.
export { captureCart, cartDigest, queueDueCartReminders, restoreCart } from './carts.server';
export { dayBeforeWindow, sendOnTheWay } from './crew-messages.server';
export {
  type CustomerDelivery,
  deliverToCustomer,
  type DeliveryResult,
  type SentAs,
  isSuppressed,
  mailPreferences,
} from './deliver.server';
export { answerReview, feedbackContext, reviewRequestKey, submitFeedback } from './feedback.server';
export { dayBeforeText, reviewRequestMessage, unsubscribeHeaders } from './message-emails';
export { unsubscribe } from './unsubscribe.server';
