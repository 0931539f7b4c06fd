// The front door of customers changing their own booking from its personal link: move, cancel, pay.
// Pure and safe in the browser; its I/O is index.server.ts.
export { cancelRequest, type ManageOptions, managePayRequest, manageRequest, type MoveQuote, moveRequest } from './customer-changes';
