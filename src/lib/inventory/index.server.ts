// DOOR_HEADER
export { changeUnit, createUnit, deleteUnit, listUnits, productInventory } from './inventory-admin.server';
