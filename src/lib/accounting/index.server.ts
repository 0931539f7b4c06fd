// The front door of accounting's I/O: the Intuit connection (OAuth 2.0, tokens encrypted at rest),
// the sync log and the sender of the queue the database's triggers fill.
export { accountingAlert, type AccountingStatus, accountingLog, accountingStatus, disconnect, finishConnection, type QueueEntry, resendFrom, retryItem, saveAccountingSettings, startConnection, STUCK_AFTER_MINUTES } from './connection.server';
export { accountingBackoffMinutes, type QuickBooksChoices, quickbooksChoices, sendAccountingQueue, sendAccountingSoon, type SendResult, syncAfterChanges } from './sync.server';
export { intuitApp } from './intuit-oauth.server';
