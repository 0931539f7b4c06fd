// The front door of product suggestions from visitors and their admin list. Server side (I/O): functions, the
// build and other features' *.server.ts.
export { receiveProductSuggestion } from './suggestion-service.server';
export { listSuggestions, updateSuggestion } from './suggestions-admin.server';
export type { SuggestionItem, SuggestionPage } from './suggestions-admin.server';
