// The front door of the setup spot's photos, server side: adding them with the booking's photo key, and
// reading them for the staff screens.
export { addSitePhotos, readSitePhoto, sitePhotosOf, trackedSitePhotos } from './site-photos.server';
