// The front door of the health check. Server side (I/O): functions, the build and other features' *.server.ts.
export { checkHealth } from './health.server';
