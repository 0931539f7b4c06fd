import { describe, expect, it } from 'vitest';
import { adminCategoryInput } from './catalog-admin';
import { checkProductPhoto, parsePhotoFile, PRODUCT_PHOTO_MAX_BYTES } from './product-photo';

describe('category input', () => {
  it('turns empty SEO fields into "not set" and refuses script addresses for images', () => {
    const base = { slug: 'yard-games', name: 'Yard Games', kind: 'rental', summary: '', description: '', imageUrl: '', sortOrder: 1, seoTitle: ' ', seoDescription: null, active: true };
    expect(adminCategoryInput.parse(base)).toMatchObject({ imageUrl: null, seoTitle: null });
    expect(adminCategoryInput.safeParse({ ...base, imageUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(adminCategoryInput.parse({ ...base, imageUrl: '/images/categories/yard.svg' }).imageUrl).toBe('/images/categories/yard.svg');
  });
});

describe('product photos', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
  it('accepts a PNG by its bytes and names its extension', () => {
    expect(checkProductPhoto(png)).toEqual({ ok: true, type: 'image/png', extension: 'png' });
  });
  it('refuses GIFs, empty files and files over the limit', () => {
    expect(checkProductPhoto(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))).toEqual({ ok: false, message: 'Choose a JPEG, PNG or WebP photo' });
    expect(checkProductPhoto(new Uint8Array())).toMatchObject({ ok: false });
    const big = new Uint8Array(PRODUCT_PHOTO_MAX_BYTES + 1);
    big.set(png);
    expect(checkProductPhoto(big)).toEqual({ ok: false, message: 'Choose a photo of at most 4 MB' });
  });
  it('parses only "<uuid>.<jpg|png|webp>" photo addresses', () => {
    expect(parsePhotoFile('0b7e3c52-5d3e-4c59-9d3a-1f2e3d4c5b6a.webp')).toEqual({ id: '0b7e3c52-5d3e-4c59-9d3a-1f2e3d4c5b6a', extension: 'webp' });
    expect(parsePhotoFile('../secret.png')).toBeNull();
    expect(parsePhotoFile('0b7e3c52-5d3e-4c59-9d3a-1f2e3d4c5b6a.svg')).toBeNull();
  });
});
