// DOOR_HEADER
export { publishingStatus, publishNow, requestRebuild, triggerPendingRebuild } from './publishing.server';
