// DOOR_HEADER
export { greetingFor } from './greeting.server';
