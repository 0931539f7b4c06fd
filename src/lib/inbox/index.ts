// The front door of contact messages and the admin inbox. Pure and safe in the browser; its I/O is
// index.server.ts.
export { contactMessage } from './contact-message';
export { inboxListQuery, inboxUpdateInput } from './inbox';
export type { ContactKind, ContactMessage, ContactMessageInput, ContactReceived } from './contact-message';
export { inboxKindLabels } from './inbox';
