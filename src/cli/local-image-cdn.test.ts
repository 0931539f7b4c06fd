import { describe, expect, it } from 'vitest';
import { withNegotiatedFormat } from './local-image-cdn';

describe('withNegotiatedFormat', () => {
  it('asks the local image handler to negotiate when the page names no format, as Netlify Image CDN does', () => {
    const changed = withNegotiatedFormat('/.netlify/images?url=%2Fapi%2Fproduct-photos%2Fa.jpg&w=640&h=480&fit=cover');
    const url = new URL(changed!, 'http://local');
    expect(url.pathname).toBe('/.netlify/images');
    expect(Object.fromEntries(url.searchParams)).toEqual({ url: '/api/product-photos/a.jpg', w: '640', h: '480', fit: 'cover', fm: 'auto' });
  });

  it('keeps a format the request names, and leaves every other path alone', () => {
    expect(withNegotiatedFormat('/.netlify/images?url=%2Fa.jpg&fm=png')).toBeNull();
    expect(withNegotiatedFormat('/api/product-photos/a.jpg')).toBeNull();
    expect(withNegotiatedFormat('/products?fm=1')).toBeNull();
  });
});
