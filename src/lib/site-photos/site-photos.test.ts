import { describe, expect, it } from 'vitest';
import { acceptsSitePhotos, checkSitePhotos, MAX_SITE_PHOTOS, sitePhotoUpload, tooManySitePhotos } from './site-photos';

const dataUrl = (bytes: number[], type = 'image/jpeg') => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
const JPEG = dataUrl([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const PNG = dataUrl([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'image/png');
const GIF = dataUrl([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0], 'image/gif');
/** A PDF sent as an "image/jpeg" data URL: the bytes decide, not the claim. */
const PDF_AS_JPEG = dataUrl([...Buffer.from('%PDF-1.7\n')]);

describe('checkSitePhotos', () => {
  it('takes JPEG, PNG and WebP by their bytes', () => {
    const checked = checkSitePhotos([JPEG, PNG]);
    expect(checked.ok && checked.photos.map((p) => [p.type, p.extension])).toEqual([
      ['image/jpeg', 'jpg'],
      ['image/png', 'png'],
    ]);
  });

  it('refuses at the index of the first that is not a photo, whatever its data URL claims', () => {
    expect(checkSitePhotos([JPEG, PDF_AS_JPEG])).toEqual({ ok: false, field: 'photos.1', message: 'Choose a JPEG, PNG or WebP photo' });
    expect(checkSitePhotos(['not a data url'])).toEqual({ ok: false, field: 'photos.0', message: 'Choose a JPEG, PNG or WebP photo' });
    // An image, but not one product photos take either.
    expect(checkSitePhotos([GIF])).toMatchObject({ ok: false, field: 'photos.0' });
    expect(checkSitePhotos([dataUrl([])])).toMatchObject({ ok: false, field: 'photos.0' });
  });
});

describe('the upload request', () => {
  const request = { bookingNumber: 'BB-1234ABCD', key: 'k'.repeat(43), photos: [JPEG] };

  it('takes one to three photos, a key and a booking number', () => {
    expect(sitePhotoUpload.safeParse(request).success).toBe(true);
    const fieldsOf = (body: unknown) => {
      const parsed = sitePhotoUpload.safeParse(body);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
    };
    expect(fieldsOf({ ...request, photos: [] })).toEqual(['photos']);
    expect(fieldsOf({ ...request, photos: [JPEG, JPEG, JPEG, JPEG] })).toEqual(['photos']);
    expect(fieldsOf({ ...request, photos: [JPEG, 42] })).toEqual(['photos.1']);
    expect(fieldsOf({ ...request, key: '' })).toEqual(['key']);
    expect(fieldsOf({ ...request, photos: ['x'.repeat(6_000_000)] })).toEqual(['photos.0']);
  });
});

describe('how many', () => {
  it(`takes up to ${MAX_SITE_PHOTOS} a booking, and says how many more`, () => {
    expect(tooManySitePhotos(0, 3)).toBeNull();
    expect(tooManySitePhotos(2, 1)).toBeNull();
    expect(tooManySitePhotos(2, 2)).toBe('A booking takes 3 photos of the setup spot: you can add 1 more.');
    expect(tooManySitePhotos(3, 1)).toBe('This booking has its 3 photos of the setup spot already.');
  });

  it('only until the units are out the door', () => {
    expect(['hold', 'deposit_due', 'confirmed', 'out_for_delivery'].every((s) => acceptsSitePhotos(s as never))).toBe(true);
    expect(['delivered', 'completed', 'cancelled', 'expired'].some((s) => acceptsSitePhotos(s as never))).toBe(false);
  });
});
