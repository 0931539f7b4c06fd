import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  adminPaths,
  bookingSuccessPath,
  landingPath,
  locationPath,
  locationServicePath,
  productListPath,
  productPath,
  signWaiverPath,
  supportPath,
  trackOrderPath,
} from '../paths';

describe('site addresses', () => {
  it('builds catalog addresses, with a query only when there is something in it', () => {
    expect(productPath({ slug: 'pink-castle-bounce-house' })).toBe('/products/pink-castle-bounce-house');
    expect(productPath({ slug: 'sticky-wall' }, { date: '2027-06-05', start: '10:00', end: undefined })).toBe(
      '/products/sticky-wall?date=2027-06-05&start=10%3A00',
    );
    expect(productListPath()).toBe('/products');
    expect(productListPath(null)).toBe('/products');
    expect(productListPath({ slug: 'water-slides' })).toBe('/products?category=water-slides');
  });

  it('builds one address per local page', () => {
    expect(landingPath({ slug: 'bounce-houses' }, { slug: 'round-rock', state: 'TX' })).toBe(
      '/bounce-houses-round-rock-tx',
    );
    expect(locationPath({ slug: 'cedar-park' })).toBe('/locations/cedar-park');
    expect(locationServicePath({ slug: 'cedar-park' }, { slug: 'water-slides' })).toBe(
      '/locations/cedar-park/water-slides',
    );
  });

  it('builds booking addresses with their details encoded as the e-mails write them', () => {
    expect(trackOrderPath()).toBe('/track-order');
    expect(trackOrderPath('PF-7K3Q9X')).toBe('/track-order?booking=PF-7K3Q9X');
    expect(signWaiverPath('PF-7K3Q9X', { email: 'ana+party@example.com' })).toBe(
      `/sign-waiver?booking=PF-7K3Q9X&email=${encodeURIComponent('ana+party@example.com')}`,
    );
    expect(signWaiverPath('PF-7K3Q9X', { key: 'k/ey=' })).toBe('/sign-waiver?booking=PF-7K3Q9X&key=k%2Fey%3D');
    expect(signWaiverPath('PF-7K3Q9X')).toBe('/sign-waiver?booking=PF-7K3Q9X');
    expect(bookingSuccessPath('PF-7K3Q9X')).toBe('/booking-success?booking=PF-7K3Q9X');
    expect(supportPath('PF-7K3Q9X', 'Cancel or change booking PF-7K3Q9X')).toBe(
      '/support?booking=PF-7K3Q9X&subject=Cancel%20or%20change%20booking%20PF-7K3Q9X',
    );
  });

  it('builds admin and absolute addresses', () => {
    expect(adminPaths.product('0d9f')).toBe('/admin/products/0d9f');
    expect(adminPaths.productUnits('0d9f')).toBe('/admin/products/0d9f/inventory');
    expect(adminPaths.categoryEdit('c1')).toBe('/admin/categories/c1/edit');
    expect(absoluteUrl('https://pinkflamingo.example/', '/track-order')).toBe(
      'https://pinkflamingo.example/track-order',
    );
  });
});
