// The front door of the crew app's offline rules (issue #26): the queue of actions taken without signal and
// the days kept on the phone. Pure and safe in the browser; the device's storage is the admin islands'.
export {
  afterOutcome,
  inSendingOrder,
  MAX_SERVER_TRIES,
  OFFLINE_RETRY_MS,
  outcomeOf,
  queuedAction,
  type QueuedAction,
  type QueuedMethod,
  retryDelayMs,
  type SendOutcome,
  waitingByBooking,
  waitingPaymentCents,
} from './queue';
export { ACTION_AGE_HEADER, actionAge, MAX_ACTION_AGE_HOURS, takenMoment, type TakenMoment } from './action-age';
export { datesToForget, keptDates, keptRun } from './kept-days';
export { WORKER_CACHES } from './worker-caches';
