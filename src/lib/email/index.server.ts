// The front door of e-mail: the outbox, sending what it holds, forgetting what it sent long ago, the
// shared layouts and the daily cap on unverified acknowledgements. Server side (I/O): functions, the
// build and other features' *.server.ts.
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
export { forgetOldMailContents, MAIL_CONTENTS_DAYS } from './retention.server';
export { acknowledgementsToday, claimAcknowledgement } from './unverified-mail.server';
