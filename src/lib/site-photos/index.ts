// The front door of the setup spot's photos (issue #38): what an upload is and how it is checked. Pure and
// safe in the browser; its I/O is index.server.ts.
export {
  acceptsSitePhotos,
  checkSitePhotos,
  CHOOSE_A_PHOTO,
  MAX_SITE_PHOTOS,
  NOT_A_PHOTO,
  type SitePhoto,
  type SitePhotosAdded,
  type SitePhotoUpload,
  sitePhotoUpload,
  sitePhotoUrl,
  tooManySitePhotos,
  type TrackedSitePhotos,
} from './site-photos';
