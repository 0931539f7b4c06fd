import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { categoryImage, PLACEHOLDER_IMAGES, productImage, UNKNOWN_PRODUCT_IMAGE } from './catalog-images';
import { categoryKinds } from './catalog-admin';

const shipped = (url: string) => existsSync(path.join('public', url));

describe('pictures of products and categories', () => {
  it('ships a placeholder for every kind of category', () => {
    for (const kind of categoryKinds) expect(shipped(PLACEHOLDER_IMAGES[kind]), `${kind}: ${PLACEHOLDER_IMAGES[kind]}`).toBe(true);
    expect(shipped(UNKNOWN_PRODUCT_IMAGE)).toBe(true);
  });

  it('shows the first photo, else the placeholder of the product’s kind with words for a screen reader', () => {
    expect(productImage({ name: 'Castle', categoryKind: 'rental', photos: [{ url: '/api/product-photos/a.jpg', alt: 'A castle', altEs: null }] })).toEqual({
      url: '/api/product-photos/a.jpg',
      alt: 'A castle',
      placeholder: false,
    });
    expect(productImage({ name: 'Castle', categoryKind: 'rental', photos: [{ url: '/x.jpg', alt: '', altEs: null }] }).alt).toBe('Castle');
    expect(productImage({ name: 'Sheet Cake', categoryKind: 'cake', photos: [] })).toEqual({
      url: PLACEHOLDER_IMAGES.cake,
      alt: 'Sheet Cake: no photo yet',
      placeholder: true,
    });
  });

  it('describes the placeholder in the page’s language', async () => {
    const { messagesFor } = await import('../i18n');
    const t = await messagesFor('es');
    expect(productImage({ name: 'Pastel Flamenco Rosa', categoryKind: 'cake', photos: [] }, t.catalog).alt).toBe('Pastel Flamenco Rosa: todavía sin foto');
    expect(categoryImage({ name: 'Pasteles', kind: 'cake', imageUrl: null }, t.catalog).alt).toBe('Pasteles: todavía sin foto');
  });

  it('shows a category’s own image, else its kind’s placeholder', () => {
    expect(categoryImage({ name: 'Slides', kind: 'rental', imageUrl: '/images/categories/x.svg' }).url).toBe('/images/categories/x.svg');
    expect(categoryImage({ name: 'Tents', kind: 'supply', imageUrl: null })).toEqual({ url: PLACEHOLDER_IMAGES.supply, alt: 'Tents: no photo yet', placeholder: true });
  });
});
