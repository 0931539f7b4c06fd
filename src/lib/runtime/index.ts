// DOOR_HEADER
export { isBotUserAgent } from './bot';
export { errorContent, errorPageTitle, notFoundMessage } from './error-content';
