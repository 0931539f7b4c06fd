// The front door of service areas, ZIP codes and the landing pages built from them. Server side (I/O):
// functions, the build and other features' *.server.ts.
export { listServiceAreas, oldSlugsByArea, popularProductsByArea, saveServiceArea, townRedirectInput } from './service-areas.server';
export { zipPlaces, type ZipPlaces } from './zip-places.server';
