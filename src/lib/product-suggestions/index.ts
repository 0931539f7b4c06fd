// DOOR_HEADER
export { productSuggestion } from './suggestion-form';
export { suggestionListQuery, suggestionUpdateInput } from './suggestions-admin-input';
