// DOOR_HEADER
export { z } from './zod';
