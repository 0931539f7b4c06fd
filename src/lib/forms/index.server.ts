// The front door of public form fields and the reading of a form's body. Server side (I/O): functions, the
// build and other features' *.server.ts.
export { businessInbox, customerIdFor, type FormBody, insertWithReference, parseFormValue, spamReceivedAnswer, storeSubmissionOnce } from './submission.server';
