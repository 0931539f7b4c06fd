// The front door of reference numbers customers quote back (made with node:crypto, so server side only). Server
// side (I/O): functions, the build and other features' *.server.ts.
export { newReference } from './reference-number';
