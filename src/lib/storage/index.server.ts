// DOOR_HEADER
export { fileStorage } from './storage.server';
