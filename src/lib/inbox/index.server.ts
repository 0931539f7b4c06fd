// DOOR_HEADER
export { receiveContactMessage } from './contact-service.server';
export { inboxMessage, listInbox, setHandled } from './inbox.server';
