import { describe, expect, it } from 'vitest';
import { validationError } from '../http';
import { translateError, translateFields } from '../i18n';
import spanish from '../i18n/server-errors/es.json';
import { checkSitePhotos, MAX_SITE_PHOTOS, sitePhotoUpload, tooManySitePhotos } from './site-photos';
import { CLOSED_FOR_PHOTOS, WRONG_PHOTO_KEY } from './site-photos.server';

/**
 * /es/track-order shows the server's refusal of a photo of the setup spot as it comes (SitePhotosCard):
 * each one through the server's Spanish catalog, as the handler sends it back to a Spanish page.
 */
const JPEG = `data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]).toString('base64')}`;
const inSpanish = (message: string) => translateError(message, spanish);

describe('the refusals of a setup spot’s photos on a Spanish page', () => {
  it.each([
    ['no key and no photos', { bookingNumber: 'BB-1234ABCD' }],
    [
      'a key too long and too many photos',
      { bookingNumber: 'BB-1234ABCD', key: 'k'.repeat(200), photos: Array(MAX_SITE_PHOTOS + 1).fill(JPEG) },
    ],
    ['an empty list of photos', { bookingNumber: 'BB-1234ABCD', key: 'k'.repeat(43), photos: [] }],
    [
      'a photo too large to be one',
      { bookingNumber: 'BB-1234ABCD', key: 'k'.repeat(43), photos: ['x'.repeat(6_000_000)] },
    ],
  ])('the request with %s', (_, body) => {
    const refused = sitePhotoUpload.safeParse(body);
    expect(refused.success).toBe(false);
    const english = validationError(refused.error!).fields;
    for (const [field, message] of Object.entries(translateFields(english, spanish)))
      expect(message, field).not.toBe(english[field]);
  });

  it.each([
    [
      'a file that is not a photo',
      (checkSitePhotos(['not a data url']) as { message: string }).message,
      'Elija una foto JPEG, PNG o WebP',
    ],
    [
      'a booking with all its photos',
      tooManySitePhotos(MAX_SITE_PHOTOS, 1)!,
      `Esta reservación ya tiene sus ${MAX_SITE_PHOTOS} fotos del lugar de instalación.`,
    ],
    [
      'more photos than the booking has room for',
      tooManySitePhotos(1, MAX_SITE_PHOTOS)!,
      `Una reservación acepta ${MAX_SITE_PHOTOS} fotos del lugar de instalación: puede agregar ${MAX_SITE_PHOTOS - 1} más.`,
    ],
    [
      'a wrong photo key',
      WRONG_PHOTO_KEY,
      'No encontramos la reservación para agregarle las fotos. Ábrala otra vez desde la página de seguimiento e intente de nuevo.',
    ],
    [
      'a booking that takes no more photos',
      CLOSED_FOR_PHOTOS,
      'Esta reservación ya no acepta fotos del lugar de instalación. Si el equipo debe saber algo, llámenos.',
    ],
  ])('%s', (_, message, spanishMessage) => {
    expect(inSpanish(message)).toBe(spanishMessage);
  });
});
