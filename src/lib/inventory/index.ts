// DOOR_HEADER
export { inventoryQuery, newUnitInput, periodQuery, unitChange } from './inventory';
