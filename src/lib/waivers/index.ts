// DOOR_HEADER
export { waiverContextQuery, waiverSigning } from './waiver-signing';
export { longDate, WAIVER_INTRO, WAIVER_RULES, WAIVER_TITLE, WAIVER_VERSION, waiverSections } from './waiver-text';
export { missingWaiverQuery, waiverListQuery } from './waivers-admin-input';
