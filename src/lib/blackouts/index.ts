// DOOR_HEADER
export { blackoutInput, blackoutListQuery } from './blackouts';
