// DOOR_HEADER
export { blackoutTargets, createBlackout, deleteBlackout, getBlackout, listBlackouts, updateBlackout } from './blackouts.server';
