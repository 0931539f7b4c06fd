// The front door of units of stock and their use. Pure and safe in the browser; its I/O is index.server.ts.
export {
  formatRatio,
  type InventoryList,
  inventoryQuery,
  type InventorySummary,
  newUnitInput,
  type NewUnitInput,
  periodQuery,
  type ProductInventory,
  unitChange,
  type UnitChange,
  type UnitDto,
  type UnitStatus,
  unitStatuses,
  unitStatusLabels,
} from './inventory';
export type { Utilisation } from './utilisation';
