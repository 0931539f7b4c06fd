// The front door of places on the map, server side: the centre of a US ZIP code.
export { zipCentres, zipPoints, type ZipCentres } from './zip-points.server';
