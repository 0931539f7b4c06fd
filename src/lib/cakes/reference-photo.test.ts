import { describe, expect, it } from 'vitest';
import { REFERENCE_PHOTO_MAX_BYTES } from './cake-order-form';
import { checkReferencePhoto, sniffImageType } from './reference-photo';
import { decodeDataUrl } from '../images';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);
const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0]);

describe('reference photos', () => {
  it('recognises images by their bytes, not their name', () => {
    expect(sniffImageType(png)).toBe('image/png');
    expect(sniffImageType(jpeg)).toBe('image/jpeg');
    expect(sniffImageType(webp)).toBe('image/webp');
    expect(sniffImageType(gif)).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
  });

  it('refuses empty, oversized and non-image files with a message a customer understands', () => {
    expect(checkReferencePhoto(new Uint8Array())).toEqual({ ok: false, message: 'That photo file is empty' });
    const big = new Uint8Array(REFERENCE_PHOTO_MAX_BYTES + 1);
    big.set(png);
    expect(checkReferencePhoto(big)).toEqual({ ok: false, message: 'Choose a photo of at most 5 MB' });
    expect(checkReferencePhoto(new TextEncoder().encode('<svg></svg>'))).toEqual({ ok: false, message: 'Choose a photo in JPEG, PNG, WebP or GIF format' });
    expect(checkReferencePhoto(png)).toEqual({ ok: true, type: 'image/png' });
  });

  it('decodes image data URLs and nothing else', () => {
    expect(decodeDataUrl(`data:image/png;base64,${Buffer.from(png).toString('base64')}`)).toEqual(png);
    expect(decodeDataUrl('data:text/html;base64,PGgxPg==')).toBeNull();
    expect(decodeDataUrl('https://example.com/cake.jpg')).toBeNull();
  });
});
