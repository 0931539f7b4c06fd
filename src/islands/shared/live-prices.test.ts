import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchLivePrices, livePricesUrl } from './live-prices';

describe('livePricesUrl', () => {
  it('asks for the products in one order, so two islands asking the same share one address', () => {
    expect(livePricesUrl(['b-slide', 'a-castle', 'b-slide'], null)).toBe('/api/prices?products=a-castle%2Cb-slide');
    expect(livePricesUrl(['a-castle', 'b-slide'], null)).toBe(livePricesUrl(['b-slide', 'a-castle'], null));
  });

  it('adds the window when there is one, and asks nothing without products', () => {
    expect(livePricesUrl(['a-castle'], { date: '2027-06-05', start: '10:00', end: '18:00', endDate: '2027-06-06' })).toBe(
      '/api/prices?products=a-castle&date=2027-06-05&start=10%3A00&end=18%3A00&endDate=2027-06-06',
    );
    expect(livePricesUrl([], null)).toBeNull();
  });
});

describe('fetchLivePrices', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = { products: [{ product: 'a-castle', basePriceCents: 19500 }] };

  it('asks once for the same address within half a minute, and maps the answer by product', async () => {
    const fetch = vi.fn(async () => Response.json(answer));
    vi.stubGlobal('fetch', fetch);
    const [first, second] = await Promise.all([fetchLivePrices('/api/prices?products=a-castle'), fetchLivePrices('/api/prices?products=a-castle')]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(first?.get('a-castle')).toMatchObject({ basePriceCents: 19500 });
    expect(second).toBe(first);
  });

  it('answers null, never throws, when the prices cannot be had', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: { code: 'unavailable', message: 'Down' } }, { status: 503 })));
    await expect(fetchLivePrices('/api/prices?products=down')).resolves.toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(fetchLivePrices('/api/prices?products=offline')).resolves.toBeNull();
  });
});
