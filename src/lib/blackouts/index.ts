// The front door of days and items the business closes off. Pure and safe in the browser; its I/O is
// index.server.ts.
export {
  type BlackoutDto,
  blackoutInput,
  type BlackoutInput,
  blackoutListQuery,
  type BlackoutScope,
  blackoutScopeLabels,
  blackoutScopes,
  type BlackoutTargets,
} from './blackouts';
