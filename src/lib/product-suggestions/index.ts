// The front door of product suggestions from visitors and their admin list. Pure and safe in the browser; its
// I/O is index.server.ts.
export {
  productSuggestion,
  type ProductSuggestion,
  type ProductSuggestionInput,
  type SuggestionReceived,
} from './suggestion-form';
export { suggestionListQuery, suggestionUpdateInput, type SuggestionUpdateInput } from './suggestions-admin-input';
