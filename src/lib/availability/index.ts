// DOOR_HEADER
export {
  type Allocation,
  type AvailabilitySettings,
  type Blackout,
  blockedWindow,
  freeUnits,
  monthCalendar,
  packageAvailability,
  productAvailability,
  type ProductAvailability,
  type ProductForAvailability,
  toAvailabilitySettings,
  type UnavailableCode,
  type UnitState,
} from './availability';
