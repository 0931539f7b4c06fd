// The front door of product suggestions from visitors and their admin list. Pure and safe in the browser; its
// I/O is index.server.ts.
export { productSuggestion } from './suggestion-form';
export { suggestionListQuery, suggestionUpdateInput } from './suggestions-admin-input';
export type { ProductSuggestion, ProductSuggestionInput, SuggestionReceived } from './suggestion-form';
export type { SuggestionUpdateInput } from './suggestions-admin-input';
