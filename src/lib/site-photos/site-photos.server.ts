import { randomUUID } from 'node:crypto';
import { auditedChange } from '../admin/index.server';
import { customerAudit } from '../auth/index.server';
import type { BookingStatus } from '../booking';
import { sitePhotosKey } from '../booking/index.server';
import type { Database, Sql } from '../db/index.server';
import { AppError, fieldError } from '../http';
import { sameSecret } from '../http/index.server';
import type { FileStorage, StoredFile } from '../storage';
import {
  acceptsSitePhotos,
  checkSitePhotos,
  MAX_SITE_PHOTOS,
  type SitePhoto,
  type SitePhotosAdded,
  type SitePhotoUpload,
  sitePhotoUrl,
  tooManySitePhotos,
  type TrackedSitePhotos,
} from './site-photos';

/** One answer for an unknown number and a wrong key, so neither can be probed. */
export const WRONG_PHOTO_KEY = 'We couldn’t find that booking to add the photos to. Open it again from the tracking page and try once more.';
export const CLOSED_FOR_PHOTOS = 'This booking no longer takes photos of the setup spot. If the crew should know something, call us.';

export const sitePhotoPath = (bookingId: string, photoId: string, extension: string) => `site-photos/${bookingId}/${photoId}.${extension}`;

interface BookingRow {
  id: string;
  number: string;
  status: BookingStatus;
  manage_token: string;
  contact_email: string;
  photos: number;
}

const bookingFor = (sql: Sql, number: string) => sql<BookingRow[]>`
  select b.id, b.number, b.status, b.manage_token, b.contact_email,
    (select count(*)::int from booking_site_photos p where p.booking_id = b.id) as photos
  from bookings b where b.number = ${number}`;

/**
 * Photos of the setup spot added with the booking's photo key. Everything is checked before anything is
 * stored (bytes, key, status, the limit); then the files, then the rows and the customer's audit entry in
 * one transaction that counts again under the booking's row lock, so two uploads at once cannot pass 3.
 * Lost there, the files stay unreferenced in the store (as a product photo's failed save) and are never served.
 */
export async function addSitePhotos(db: Database, storage: FileStorage, request: SitePhotoUpload, ip: string | null, now: Date): Promise<SitePhotosAdded> {
  const checked = checkSitePhotos(request.photos);
  if (!checked.ok) throw fieldError(checked.field, checked.message);
  const [booking] = await bookingFor(db, request.bookingNumber);
  if (!booking || !sameSecret(sitePhotosKey(booking.number, booking.manage_token), request.key)) throw new AppError('not_found', WRONG_PHOTO_KEY);
  if (!acceptsSitePhotos(booking.status)) throw new AppError('conflict', CLOSED_FOR_PHOTOS);
  const tooMany = tooManySitePhotos(booking.photos, checked.photos.length);
  if (tooMany) throw fieldError('photos', tooMany);

  const stored = checked.photos.map((photo) => {
    const id = randomUUID();
    return { id, path: sitePhotoPath(booking.id, id, photo.extension), ...photo };
  });
  for (const photo of stored) await storage.put(photo.path, photo.bytes, photo.type);

  return auditedChange(db, customerAudit(booking.contact_email, ip), {
    lock: async (tx) => {
      await tx`select 1 from bookings where id = ${booking.id} for update`;
      // Counted in a statement after the lock's: one that waited for the lock would still count from
      // before the other upload committed (its snapshot is taken when it starts).
      const [locked] = await bookingFor(tx, booking.number);
      if (!locked) throw new AppError('not_found', WRONG_PHOTO_KEY);
      return locked;
    },
    check: (locked) => {
      if (!acceptsSitePhotos(locked.status)) throw new AppError('conflict', CLOSED_FOR_PHOTOS);
      const again = tooManySitePhotos(locked.photos, stored.length);
      if (again) throw fieldError('photos', again);
    },
    change: async (tx, locked) => {
      for (const [index, photo] of stored.entries()) {
        // A microsecond apart, so the crew see them in the order they were picked.
        const at = new Date(now.getTime() + index);
        await tx`insert into booking_site_photos (id, booking_id, storage_path, content_type, created_at) values (${photo.id}, ${booking.id}, ${photo.path}, ${photo.type}, ${at})`;
      }
      return { added: stored.length, count: locked.photos + stored.length, max: MAX_SITE_PHOTOS };
    },
    audit: (added) => ({ action: 'booking.site_photos.add', entity: 'booking', entityId: booking.id, before: null, after: { ...added, photos: stored.map((p) => p.id) } }),
  });
}

/** Each booking's photos of the setup spot, in the order they were added, for the staff screens. */
export async function sitePhotosOf(sql: Sql, bookingIds: readonly string[]): Promise<Map<string, SitePhoto[]>> {
  const photos = new Map<string, SitePhoto[]>();
  if (bookingIds.length === 0) return photos;
  const rows = await sql<{ id: string; booking_id: string }[]>`
    select id, booking_id from booking_site_photos where booking_id = any(${bookingIds as string[]}::uuid[]) order by created_at, id`;
  for (const row of rows) photos.set(row.booking_id, [...(photos.get(row.booking_id) ?? []), { id: row.id, url: sitePhotoUrl(row.id) }]);
  return photos;
}

/** What the tracking page shows for a booking whose customer proved who they are: the key and the count, or null once closed. */
export async function trackedSitePhotos(sql: Sql, booking: { id: string; number: string; status: BookingStatus; manageToken: string }): Promise<TrackedSitePhotos> {
  if (!acceptsSitePhotos(booking.status)) return null;
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from booking_site_photos where booking_id = ${booking.id}`;
  return { key: sitePhotosKey(booking.number, booking.manageToken), count: row?.n ?? 0, max: MAX_SITE_PHOTOS };
}

/** A photo's bytes for staff (the bucket is private; the address is behind the session). */
export async function readSitePhoto(sql: Sql, storage: FileStorage, photoId: string): Promise<StoredFile> {
  const [row] = await sql<{ storage_path: string }[]>`select storage_path from booking_site_photos where id = ${photoId}`;
  const file = row ? await storage.get(row.storage_path) : null;
  if (!file) throw new AppError('not_found', 'No such photo.');
  return file;
}
