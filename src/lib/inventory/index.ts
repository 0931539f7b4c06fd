// The front door of units of stock and their use. Pure and safe in the browser; its I/O is index.server.ts.
export { inventoryQuery, newUnitInput, periodQuery, unitChange } from './inventory';
export {
  formatRatio,
  type InventoryList,
  type InventorySummary,
  type NewUnitInput,
  type ProductInventory,
  type UnitChange,
  type UnitDto,
  type UnitStatus,
  unitStatuses,
  unitStatusLabels,
} from './inventory';
export type { Utilisation } from './utilisation';
