// The front door of places on the map, server side: the centre of a US ZIP code.
export { zipPoint } from './zip-points.server';
