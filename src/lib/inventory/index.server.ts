// The front door of units of stock and their use. Server side (I/O): functions, the build and other features'
// *.server.ts.
export { changeUnit, createUnit, deleteUnit, listUnits, productInventory } from './inventory-admin.server';
