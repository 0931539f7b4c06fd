// The front door of the site's runtime: platform, build version, bots, error pages and reload guards. Server
// side (I/O): functions, the build and other features' *.server.ts.
export { runningOnNetlify } from './platform.server';
