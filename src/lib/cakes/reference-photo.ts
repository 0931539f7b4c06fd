import { REFERENCE_PHOTO_MAX_BYTES } from './cake-order-form';

import { sniffImageType, type PhotoType } from '../images';

export { photoExtension, sniffImageType, type PhotoType } from '../images';

export type PhotoCheck = { ok: true; type: PhotoType } | { ok: false; message: string };

export function checkReferencePhoto(bytes: Uint8Array): PhotoCheck {
  if (bytes.byteLength === 0) return { ok: false, message: 'That photo file is empty' };
  if (bytes.byteLength > REFERENCE_PHOTO_MAX_BYTES) return { ok: false, message: 'Choose a photo of at most 5 MB' };
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, message: 'Choose a photo in JPEG, PNG, WebP or GIF format' };
  return { ok: true, type };
}
