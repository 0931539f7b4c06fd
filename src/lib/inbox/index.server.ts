// The front door of contact messages and the admin inbox. Server side (I/O): functions, the build and other
// features' *.server.ts.
export { receiveContactMessage } from './contact-service.server';
export {
  type InboxHistory,
  inboxMessage,
  type InboxMessage,
  type InboxPage,
  listInbox,
  setHandled,
} from './inbox.server';
