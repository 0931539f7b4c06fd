// DOOR_HEADER
export { contactMessage } from './contact-message';
export { inboxListQuery, inboxUpdateInput } from './inbox';
