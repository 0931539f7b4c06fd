// The front door of days and items the business closes off. Pure and safe in the browser; its I/O is
// index.server.ts.
export { blackoutInput, blackoutListQuery } from './blackouts';
export {
  type BlackoutDto,
  type BlackoutInput,
  type BlackoutScope,
  blackoutScopeLabels,
  blackoutScopes,
  type BlackoutTargets,
} from './blackouts';
