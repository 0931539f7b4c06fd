// The front door of days and items the business closes off. Server side (I/O): functions, the build and other
// features' *.server.ts.
export { blackoutTargets, createBlackout, deleteBlackout, getBlackout, listBlackouts, updateBlackout } from './blackouts.server';
