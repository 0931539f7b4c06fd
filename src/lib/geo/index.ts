// The front door of places on the map: points and straight-line miles. Pure and safe in the browser; the
// ZIP centres (2 MB of data) are server side, in index.server.ts.
export { haversineMiles, type Point } from './points';
