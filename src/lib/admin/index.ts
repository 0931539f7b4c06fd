// DOOR_HEADER
export { adminSections } from './navigation';
export { monthBounds } from './range-presets';
