// DOOR_HEADER
export { longDay, message, type Rows, UNVERIFIED_GREETING } from './form-message';
export { layout } from './layout';
export { type MailStatus } from './mail-delivery';
export { businessMailbox, type RenderedEmail } from './rendered-email';
export { acknowledgementCapNotice } from './unverified-mail';
