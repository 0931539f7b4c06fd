// The front door of publishing (rebuilding the site after staff changes), its pure part: states and rules.
// Its I/O is index.server.ts.
export { LOCAL_BUILD_HOOK_PATH } from './publishing';
