// The front door of what is free when: units, blackouts and buffers, computed from a snapshot. Pure and safe in
// the browser.
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
  windowProblem,
  type WindowProblem,
} from './availability';
export { unavailableWords, type UnavailableWords } from './unavailable-words';
