// The front door of e-mail: the outbox, sending what it holds, the shared layouts and the daily cap on
// unverified acknowledgements. Pure and safe in the browser; its I/O is index.server.ts.
export { longDay, message, type Rows, UNVERIFIED_GREETING } from './form-message';
export { customerMessage, layout } from './layout';
export { type MailStatus } from './mail-delivery';
export { businessMailbox, type RenderedEmail } from './rendered-email';
export { acknowledgementCapNotice } from './unverified-mail';
