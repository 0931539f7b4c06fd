// DOOR_HEADER
export { newReference } from './reference-number';
