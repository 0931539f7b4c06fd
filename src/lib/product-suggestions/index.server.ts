// The front door of product suggestions from visitors and their admin list. Server side (I/O): functions, the
// build and other features' *.server.ts.
export { receiveProductSuggestion } from './suggestion-service.server';
export {
  listSuggestions,
  type SuggestionItem,
  type SuggestionPage,
  updateSuggestion,
} from './suggestions-admin.server';
