/**
 * A product page's price list is built from the catalog at deploy time. After staff change a price,
 * the page would show the old one until the next build while the booking box and the cart charge the
 * new one: this puts the live figures (GET /api/prices) in place. Plain DOM, no framework: on a phone
 * the price list is on the first screen, and React loads only when the booking box scrolls into view.
 */
import { priceListFigures, type PriceListFigures, type PriceWords } from '../lib/pricing';
import { fetchLivePrices, livePricesUrl } from '../islands/shared/live-prices';

const list = document.querySelector<HTMLElement>('[data-live-prices]');
const slug = list?.dataset['livePrices'];
if (list && slug) {
  void fetchLivePrices(livePricesUrl([slug], null)!).then((prices) => {
    const live = prices?.get(slug);
    if (!live) return;
    // The page's own words for lengths (a Spanish page writes "hasta por 8 horas"); English when it gives none.
    const words = list.dataset['priceWords'] ? (JSON.parse(list.dataset['priceWords']) as PriceWords) : undefined;
    const figures = priceListFigures(live, list.dataset['currency'], words);
    for (const row of list.querySelectorAll<HTMLElement>('[data-price-row]')) {
      row.hidden = figures[row.dataset['priceRow'] as keyof PriceListFigures] === null;
    }
    for (const figure of list.querySelectorAll<HTMLElement>('[data-price-figure]')) {
      const text = figures[figure.dataset['priceFigure'] as keyof PriceListFigures];
      if (text !== null && figure.textContent !== text) figure.textContent = text;
    }
  });
}
