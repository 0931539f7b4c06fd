// DOOR_HEADER
export { checkHealth } from './health.server';
