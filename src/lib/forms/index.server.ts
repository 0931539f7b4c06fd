// DOOR_HEADER
export { businessInbox, customerIdFor, type FormBody, insertWithReference, parseFormValue, spamReceivedAnswer } from './submission.server';
