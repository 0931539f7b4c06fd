// DOOR_HEADER
export { receiveProductSuggestion } from './suggestion-service.server';
export { listSuggestions, updateSuggestion } from './suggestions-admin.server';
