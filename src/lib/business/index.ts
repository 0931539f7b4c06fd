// DOOR_HEADER
export { businessSettings, type BusinessSettings, weekdays } from './schema';
