// The front door of the messages a customer gets (issue #26): the day-before delivery window, "on the way",
// the review request with its private feedback, and the unfinished-checkout reminder. Pure and safe in the
// browser; its I/O is index.server.ts.
export {
  cartReminderDecision,
  customerMessageKinds,
  customerMessageLabels,
  type CustomerMessageKind,
  defaultWording,
  deliveryWindow,
  fillWording,
  isTransactional,
  onTheWayEta,
  onTheWayRefusal,
  onTheWayReport,
  plannedArrivals,
  type RouteStop,
} from './message-rules';
export {
  cartCapture,
  type CartCapture,
  feedbackBody,
  type FeedbackBody,
  reviewAnswerQuery,
  reviewContextBody,
  savedCartQuery,
  unsubscribeQuery,
} from './message-inputs';
export { filledWording, MESSAGE_WORDS, type MessageWords, SPANISH_WORDING } from './message-words';
