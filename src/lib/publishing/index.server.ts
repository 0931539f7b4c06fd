// The front door of rebuilding the site after staff change what it shows. Server side (I/O): functions, the
// build and other features' *.server.ts.
export { publishingStatus, publishNow, requestRebuild, triggerPendingRebuild } from './publishing.server';
export type { PublishingPhase } from './publishing';
