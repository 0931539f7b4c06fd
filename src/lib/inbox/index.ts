// The front door of contact messages and the admin inbox. Pure and safe in the browser; its I/O is
// index.server.ts.
export {
  type ContactKind,
  contactMessage,
  type ContactMessage,
  type ContactMessageInput,
  type ContactReceived,
} from './contact-message';
export { type InboxKind, inboxKindLabels, inboxListQuery, inboxUpdateInput } from './inbox';
