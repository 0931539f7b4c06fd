import { bookingNumberField, type BookingStatus } from '../booking';
import { checkProductPhoto, PRODUCT_PHOTO_MAX_BYTES } from '../catalog';
import { decodeDataUrl } from '../images';
import { adminApi } from '../paths';
import { z } from '../validation';

/**
 * Photos of the setup spot (issue #38): the customer adds up to MAX_SITE_PHOTOS to a booking at checkout
 * or from the tracking page, for the crew. Checked like product photos (by their bytes), kept private like
 * damage photos.
 */
export const MAX_SITE_PHOTOS = 3;

/** Base64 is 4/3 of the bytes: a data URL longer than this cannot hold a photo the check would take. */
const MAX_DATA_URL_CHARS = Math.ceil((PRODUCT_PHOTO_MAX_BYTES * 4) / 3) + 100;

export const NOT_A_PHOTO = 'Choose a JPEG, PNG or WebP photo';
export const CHOOSE_A_PHOTO = 'Choose a photo of the setup spot';

/** POST /api/site-photos: the booking, its photo key (from the new booking or the tracking page) and the photos as data URLs. */
export const sitePhotoUpload = z.object({
  bookingNumber: bookingNumberField,
  key: z.string({ error: 'The request is missing the booking’s photo key' }).trim().min(1, 'The request is missing the booking’s photo key').max(128, 'That is not a photo key'),
  photos: z
    .array(z.string({ error: NOT_A_PHOTO }).max(MAX_DATA_URL_CHARS, 'Choose a photo of at most 4 MB'), { error: CHOOSE_A_PHOTO })
    .min(1, CHOOSE_A_PHOTO)
    .max(MAX_SITE_PHOTOS, `Add at most ${MAX_SITE_PHOTOS} photos of the setup spot`),
});
export type SitePhotoUpload = z.infer<typeof sitePhotoUpload>;

export interface CheckedSitePhoto {
  bytes: Uint8Array;
  type: string;
  extension: string;
}

/**
 * Every photo decoded and checked by its own bytes before anything is stored: one that is not an image
 * refuses the whole request at its index (`photos.1`), so nothing of it is kept.
 */
export function checkSitePhotos(dataUrls: readonly string[]): { ok: true; photos: CheckedSitePhoto[] } | { ok: false; field: string; message: string } {
  const photos: CheckedSitePhoto[] = [];
  for (const [index, dataUrl] of dataUrls.entries()) {
    const bytes = decodeDataUrl(dataUrl);
    if (!bytes) return { ok: false, field: `photos.${index}`, message: NOT_A_PHOTO };
    const check = checkProductPhoto(bytes);
    if (!check.ok) return { ok: false, field: `photos.${index}`, message: check.message };
    photos.push({ bytes, type: check.type, extension: check.extension });
  }
  return { ok: true, photos };
}

/** What may still be added: a booking's photos are for the crew, so only until the unit is out the door. */
const OPEN: readonly BookingStatus[] = ['hold', 'deposit_due', 'confirmed', 'out_for_delivery'];
export const acceptsSitePhotos = (status: BookingStatus) => OPEN.includes(status);

/** Why a booking with `count` photos cannot take `adding` more; null when it can. */
export function tooManySitePhotos(count: number, adding: number): string | null {
  if (count + adding <= MAX_SITE_PHOTOS) return null;
  const left = Math.max(0, MAX_SITE_PHOTOS - count);
  return left === 0
    ? `This booking has its ${MAX_SITE_PHOTOS} photos of the setup spot already.`
    : `A booking takes ${MAX_SITE_PHOTOS} photos of the setup spot: you can add ${left} more.`;
}

/** A photo as staff see it: its address is behind the staff session (the files are private). */
export interface SitePhoto {
  id: string;
  url: string;
}
export const sitePhotoUrl = (photoId: string) => adminApi.day.sitePhoto(photoId);

/** The photos part of the tracking page's booking: the key that adds more, and how many it has. Null: no more may be added. */
export type TrackedSitePhotos = { key: string; count: number; max: number } | null;

/** What POST /api/site-photos answers. */
export interface SitePhotosAdded {
  added: number;
  count: number;
  max: number;
}
