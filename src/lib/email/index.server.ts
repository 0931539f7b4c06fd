// DOOR_HEADER
export {
  type ClaimedEmail,
  currentMailStatus,
  type OutboxMessage,
  outboxRowsToSend,
  queueEmail,
  queueEmails,
  queueEmailsToSend,
  sendClaimed,
} from './outbox.server';
export { mailFailed, mailFrom, sendQueuedMail } from './send.server';
export { acknowledgementsToday, claimAcknowledgement } from './unverified-mail.server';
