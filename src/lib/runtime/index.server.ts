// DOOR_HEADER
export { runningOnNetlify } from './platform.server';
