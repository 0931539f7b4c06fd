/**
 * The catalog list (/products and /es/products): filter by category (?category=), search and sort, all in
 * the page, the address kept in step. The words it writes come from the page (data-words, Spanish) or
 * are these English ones, so the English page carries nothing extra.
 */
interface CountWords {
  noMatch: string;
  all: string;
  allOf: string;
  some: string;
}
const ENGLISH: CountWords = {
  noMatch: 'No items match your search.',
  all: 'Showing all {total} items',
  allOf: 'Showing all {shown} {category}',
  some: 'Showing {shown} of {total} items',
};
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));

type SortKey = '' | 'price-asc' | 'price-desc' | 'name';
interface CategoryInfo {
  name: string;
  title: string;
}
interface CatalogState {
  category: string;
  sort: SortKey;
  query: string;
}

const sortKeys: readonly SortKey[] = ['', 'price-asc', 'price-desc', 'name'];
const isSortKey = (value: string): value is SortKey => (sortKeys as readonly string[]).includes(value);

function compare(sort: SortKey) {
  const num = (el: HTMLElement, key: string) => Number(el.dataset[key] ?? 0);
  switch (sort) {
    case 'price-asc':
      return (a: HTMLElement, b: HTMLElement) =>
        num(a, 'price') - num(b, 'price') || num(a, 'order') - num(b, 'order');
    case 'price-desc':
      return (a: HTMLElement, b: HTMLElement) =>
        num(b, 'price') - num(a, 'price') || num(a, 'order') - num(b, 'order');
    case 'name':
      return (a: HTMLElement, b: HTMLElement) =>
        (a.dataset['name'] ?? '').localeCompare(b.dataset['name'] ?? '', document.documentElement.lang || 'en');
    default:
      return (a: HTMLElement, b: HTMLElement) => num(a, 'order') - num(b, 'order');
  }
}

function initCatalog() {
  const root = document.getElementById('catalog');
  const list = document.getElementById('catalog-list');
  const heading = document.getElementById('catalog-heading');
  const intro = document.getElementById('catalog-intro');
  const count = document.getElementById('catalog-count');
  const empty = document.getElementById('catalog-empty');
  const form = document.getElementById('catalog-controls');
  const search = document.getElementById('catalog-search');
  const sortSelect = document.getElementById('catalog-sort');
  const reset = document.getElementById('catalog-reset');
  if (!root || !list || !heading || !intro || !count || !empty || !(form instanceof HTMLFormElement)) return;
  if (!(search instanceof HTMLInputElement) || !(sortSelect instanceof HTMLSelectElement) || !reset) return;

  const categories = JSON.parse(root.dataset['categories'] ?? '{}') as Record<string, CategoryInfo>;
  const countWords: CountWords = root.dataset['words'] ? (JSON.parse(root.dataset['words']) as CountWords) : ENGLISH;
  const items = Array.from(list.querySelectorAll<HTMLElement>('[data-product]'));
  const links = Array.from(root.querySelectorAll<HTMLAnchorElement>('[data-category-link]'));
  const intros = Array.from(root.querySelectorAll<HTMLElement>('[data-category-intro]'));
  const total = items.length;

  const params = new URLSearchParams(location.search);
  const requestedCategory = params.get('category') ?? '';
  const requestedSort = params.get('sort') ?? '';
  const state: CatalogState = {
    category: requestedCategory in categories ? requestedCategory : '',
    sort: isSortKey(requestedSort) ? requestedSort : '',
    query: (params.get('q') ?? '').trim(),
  };
  search.value = state.query;
  sortSelect.value = state.sort;

  function syncUrl() {
    const url = new URL(location.href);
    for (const [key, value] of [
      ['category', state.category],
      ['sort', state.sort],
      ['q', state.query],
    ] as const) {
      if (value) url.searchParams.set(key, value);
      else url.searchParams.delete(key);
    }
    // Keep the router's own history state: Astro's view transitions store scroll positions there.
    if (url.href !== location.href) history.replaceState(history.state, '', url);
  }

  function render() {
    const category = state.category ? categories[state.category] : undefined;
    heading!.textContent = category?.name ?? root!.dataset['defaultHeading'] ?? '';
    document.title = category?.title ?? root!.dataset['defaultTitle'] ?? document.title;
    intro!.hidden = Boolean(category);
    for (const el of intros) el.hidden = el.dataset['categoryIntro'] !== state.category;
    for (const link of links) {
      if ((link.dataset['categoryLink'] ?? '') === state.category) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    }

    const words = state.query.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const item of items) {
      const text = item.dataset['search'] ?? '';
      const visible =
        (!state.category || item.dataset['category'] === state.category) && words.every((w) => text.includes(w));
      item.hidden = !visible;
      if (visible) shown += 1;
    }
    list!.append(...[...items].sort(compare(state.sort)));

    count!.textContent =
      shown === 0
        ? countWords.noMatch
        : shown === total
          ? fill(countWords.all, { total })
          : category && !state.query
            ? fill(countWords.allOf, { shown, category: category.name.toLowerCase() })
            : fill(countWords.some, { shown, total });
    empty!.hidden = shown !== 0;
    syncUrl();
  }

  for (const link of links) {
    link.addEventListener('click', (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
      event.preventDefault();
      state.category = link.dataset['categoryLink'] ?? '';
      render();
    });
  }
  search.addEventListener('input', () => {
    state.query = search.value.trim();
    render();
  });
  sortSelect.addEventListener('change', () => {
    state.sort = isSortKey(sortSelect.value) ? sortSelect.value : '';
    render();
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  reset.addEventListener('click', () => {
    state.category = '';
    state.query = '';
    search.value = '';
    render();
    search.focus();
  });

  render();
}

// The site uses Astro's client router: run on every visit to the page, not only on a full load.
document.addEventListener('astro:page-load', initCatalog);

// A module of its own: its names stay out of the other page scripts' scope.
export {};
