/**
 * A product page's price list is built from the catalog at deploy time. After staff change a price,
 * the page would show the old one until the next build while the booking box and the cart charge the
 * new one: this puts the live figures (GET /api/prices) in place. Plain DOM, no framework: on a phone
 * the price list is on the first screen, and React loads only when the booking box scrolls into view.
 */
import { priceListFigures, type PriceListFigures } from '../lib/pricing';
import { fetchLivePrices, livePricesUrl } from '../islands/shared/live-prices';

const list = document.querySelector<HTMLElement>('[data-live-prices]');
const slug = list?.dataset['livePrices'];
if (list && slug) {
  void fetchLivePrices(livePricesUrl([slug], null)!).then((prices) => {
    const live = prices?.get(slug);
    if (!live) return;
    const figures = priceListFigures(live, list.dataset['currency']);
    for (const row of list.querySelectorAll<HTMLElement>('[data-price-row]')) {
      row.hidden = figures[row.dataset['priceRow'] as keyof PriceListFigures] === null;
    }
    for (const figure of list.querySelectorAll<HTMLElement>('[data-price-figure]')) {
      const text = figures[figure.dataset['priceFigure'] as keyof PriceListFigures];
      if (text !== null && figure.textContent !== text) figure.textContent = text;
    }
  });
}
