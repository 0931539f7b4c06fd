import type { EmbedProduct } from '../../lib/embed';
import type { Answer, WidgetApi } from './widget-api';
import { CART_EVENT, type WidgetCart, type WidgetCartItem, type WidgetCartStore } from './widget-cart';
import { MAX_LINE_QUANTITY } from '../../lib/cart';
import { widgetSheet } from './widget-styles';
import { cartTotalWords, linePriceWords } from './widget-prices';
import { elementLanguage, pageSaysSpanish, partyDay, partyWhen, widgetWords, type WidgetWords } from './widget-words';
import { fullStopAfter, type Locale } from '../../lib/i18n';
import type { StartingPrice } from '../../lib/pricing';

/**
 * The booking widget's elements (issue #39). Each draws into its own shadow root with DOM calls and
 * textContent (never HTML from a server or an attribute), reserves its size before its data arrives,
 * and says in words what went wrong (a site not listed, a product that does not exist) instead of
 * breaking the host page. Each speaks its place's language (src/scripts/embed/widget-words.ts).
 */
export interface Widget {
  api: WidgetApi;
  cart: WidgetCartStore;
  /**
   * Whether this page's site is listed (`reached`: whether the booking site answered at all), the owner's
   * look, whether the business offers Spanish, and its prices' currency; asked once per page.
   */
  ready: Promise<{ allowed: boolean; reached: boolean; theme: { brand: string; radius: string; font: string }; spanish: boolean; currency: string }>;
}

type Child = Node | string | null | false;
function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) el.setAttribute(name, value);
  for (const child of children) if (child) el.append(child);
  return el;
}

const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

/**
 * Opens a page of the booking site (a product's details, the checkout). The booking site refuses to be
 * shown inside another site's frame (frame-ancestors 'none'), and site builders such as Wix show the
 * snippet in a frame of their own: there the page opens as the whole tab, or, where the frame may not
 * lead the tab (a sandbox without top navigation), in a new one, never inside the frame. False when the
 * browser allowed neither.
 */
function openOnSite(url: string): boolean {
  if (window.top === window.self) {
    location.assign(url);
    return true;
  }
  return (window.open(url, '_top') ?? window.open(url, '_blank')) !== null;
}

/** A link to a page of the booking site, which a click opens as openOnSite does (a frame's link would open it inside the frame). */
function siteLink(href: string, props: Partial<Record<string, string>>, text: string): HTMLAnchorElement {
  const link = h('a', { ...props, href }, text);
  link.addEventListener('click', (event) => {
    // A plain click only: a modified one (new tab, new window) already opens outside the frame.
    if (window.top === window.self || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openOnSite(href);
  });
  return link;
}

/** The page's one widget (the module runs once a page): set before the elements are defined. */
let pageWidget: Widget;
export const useWidget = (widget: Widget) => void (pageWidget = widget);

abstract class PartyElement extends HTMLElement {
  protected root: ShadowRoot;
  private started = false;
  /** The element's language and words, known once the site's answer says which languages it offers. */
  protected language: Locale = 'en';
  protected t: WidgetWords = widgetWords('en');
  protected currency = 'usd';

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.adoptedStyleSheets = [widgetSheet()];
  }

  /**
   * Room held before the data arrives, about what the element then takes, so the host page does not
   * jump (CLS): the text and controls (`reserve`), under a photo three quarters of the element's width
   * (`photo`).
   */
  protected abstract readonly reserve: string;
  protected readonly photo: boolean = false;
  /** What the element shows, asked for at once: on a phone every round trip counts, so it does not wait for the site's verdict. */
  protected ask(_widget: Widget): Promise<Answer<{ products: EmbedProduct[] }>> | null {
    return null;
  }
  protected abstract start(widget: Widget, asked: Promise<Answer<{ products: EmbedProduct[] }>> | null): Promise<void>;

  connectedCallback() {
    if (this.started) return;
    this.style.setProperty('--_min', this.reserve);
    this.root.replaceChildren(h('div', { class: this.photo ? 'skeleton photo' : 'skeleton', 'aria-busy': 'true' }));
    const go = () => {
      this.started = true;
      void this.load();
    };
    // A long catalog far down the page loads when it comes near the viewport.
    if (!('IntersectionObserver' in window)) return go();
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && (seen.disconnect(), go()), { rootMargin: '400px' });
    seen.observe(this);
  }

  private async load() {
    const widget = pageWidget;
    const asked = this.ask(widget);
    const { allowed, reached, theme, spanish, currency } = await widget.ready;
    this.language = elementLanguage(this, spanish);
    this.currency = currency;
    this.t = widgetWords(this.language);
    this.style.setProperty('--_brand', theme.brand);
    this.style.setProperty('--_radius', theme.radius);
    this.style.setProperty('--_font', theme.font);
    if (!allowed) return this.say(reached ? this.t.notSetUp : this.t.offline);
    await this.start(widget, asked);
  }

  protected say(message: string) {
    this.root.replaceChildren(h('p', { class: 'card problem', role: 'status' }, message));
  }

  protected status(): HTMLParagraphElement {
    return h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  }

  /** Adds the line with its price as the booking site stated it, which the cart then shows. */
  protected addButton(widget: Widget, item: Omit<WidgetCartItem, 'quantity'>, status: HTMLElement, event: () => WidgetCart['event'], problem: () => string | null = () => null) {
    const button = h('button', { type: 'button', 'aria-label': this.t.addToCartOf(item.name) }, this.t.addToCart);
    button.addEventListener('click', () => {
      const wrong = problem();
      if (wrong) return void (status.textContent = wrong);
      widget.cart.add(item, event());
      widget.api.track('add_to_cart', item.product);
      status.textContent = this.t.inCart(item.name);
    });
    return button;
  }

  /** A product's card; a product element adds its date fields (`before`) and adds with the chosen window. */
  protected card(widget: Widget, p: EmbedProduct, { heading = 'h3', before = null, status = this.status(), event = () => null, problem }: CardOptions = {}) {
    return h(
      'article',
      { class: 'card' },
      p.image ? h('img', { src: p.image, alt: p.imageAlt, width: '400', height: '300', loading: 'lazy', decoding: 'async' }) : null,
      h(heading, {}, p.name),
      h('p', { class: 'price' }, p.fromLabel),
      before,
      h(
        'div',
        { class: 'row' },
        this.addButton(widget, { product: p.slug, name: p.name, from: startingPriceOf(p) }, status, event, problem),
        siteLink(p.url, { class: 'button secondary' }, this.t.details),
      ),
      status,
    );
  }
}

/**
 * An element of the products one attribute picks (a product's `slug`, a catalog's `category`): asked
 * for at once, then shown, or the element says why not.
 */
abstract class ProductsElement extends PartyElement {
  /** The attribute read, and the products search field it fills (where the server names a problem). */
  protected abstract readonly pick: { field: 'product' | 'category'; attribute: string };
  protected abstract show(widget: Widget, products: EmbedProduct[]): void;
  private picked() {
    return this.getAttribute(this.pick.attribute) ?? '';
  }
  /** Asked before the site's answer says whether it offers Spanish: a Spanish page asks in Spanish, and a site without it answers in English. */
  protected override ask(widget: Widget) {
    return widget.api.products({ [this.pick.field]: this.picked() }, pageSaysSpanish(this) ? 'es' : 'en');
  }
  /** The products, or the server's words at the attribute's field and the value as given. */
  protected async start(widget: Widget, asked: ReturnType<ProductsElement['ask']>) {
    const answer = await asked;
    if (!answer.ok) return this.say(`${answer.fields?.[this.pick.field] ?? answer.message} (“${this.picked()}”)`);
    widget.cart.reprice(answer.data.products.map((p) => ({ product: p.slug, from: startingPriceOf(p) })));
    this.show(widget, answer.data.products);
  }
}

interface CardOptions {
  heading?: 'h2' | 'h3';
  before?: Node | null;
  status?: HTMLElement;
  event?: () => WidgetCart['event'];
  /** Why the chosen window cannot be added, said at the card instead. */
  problem?: () => string | null;
}

/** A product's "from" price as the cart keeps it. */
const startingPriceOf = (p: EmbedProduct): StartingPrice => ({ cents: p.fromPriceCents, hours: p.fromPriceHours });

/** Text, or nothing at all (not an empty line) where there is none to say. */
function showText(el: HTMLElement, text: string | null) {
  el.textContent = text ?? '';
  el.hidden = text === null;
}

/** The date and hours of the party, as the booking site asks them. */
function windowFields(prefix: string, t: WidgetWords) {
  const date = h('input', { type: 'date', id: `${prefix}-date`, min: today(), required: '' });
  const start = h('input', { type: 'time', id: `${prefix}-start`, value: '10:00', step: '1800', required: '' });
  const end = h('input', { type: 'time', id: `${prefix}-end`, value: '16:00', step: '1800', required: '' });
  const row = h('div', { class: 'row' }, h('label', {}, t.partyDate, date), h('label', {}, t.from, start), h('label', {}, t.until, end));
  const value = () => (date.value ? { date: date.value, start: start.value, end: end.value } : null);
  // Said here, before a check or an add: a window ending before it starts, once in the cart, is refused only at Check out.
  const problem = () => (start.value && end.value && end.value <= start.value ? t.endAfterStart : null);
  return { row, value, problem };
}

let uid = 0;

/** `<party-product slug>`: a product with its photo and price, whether it is free on a date, Add to cart. */
export class PartyProduct extends ProductsElement {
  protected readonly reserve = '22rem';
  protected override readonly photo = true;
  protected readonly pick = { field: 'product', attribute: 'slug' } as const;
  protected show(widget: Widget, products: EmbedProduct[]) {
    const product = products[0]!;
    widget.api.track('product_view', product.slug);
    const fields = windowFields(`party-${++uid}`, this.t);
    const status = this.status();
    const check = h('button', { type: 'button', class: 'secondary' }, this.t.checkDate);
    check.addEventListener('click', async () => {
      const window = fields.value();
      if (!window) return void (status.textContent = this.t.chooseDateFirst);
      const wrong = fields.problem();
      if (wrong) return void (status.textContent = wrong);
      check.disabled = true;
      const free = await widget.api.availability({ product: product.slug, ...window }, this.language);
      check.disabled = false;
      status.textContent = !free.ok ? free.message : free.data.available ? this.t.freeOn(partyWhen(window, this.language)) : (free.data.reason?.message ?? this.t.notFree);
    });
    this.root.replaceChildren(this.card(widget, product, { heading: 'h2', before: h('div', {}, fields.row, h('div', { class: 'row' }, check)), status, event: fields.value, problem: fields.problem }));
  }
}

/** `<party-catalog category>`: a category's products as cards. */
export class PartyCatalog extends ProductsElement {
  protected readonly reserve = '12rem';
  protected override readonly photo = true;
  protected readonly pick = { field: 'category', attribute: 'category' } as const;
  protected show(widget: Widget, products: EmbedProduct[]) {
    this.root.replaceChildren(h('div', { class: 'grid' }, ...products.map((p) => this.card(widget, p))));
  }
}

/** `<party-date-search>`: what is free on my date, each with Add to cart (the site's /at search). */
export class PartyDateSearch extends PartyElement {
  protected readonly reserve = '14rem';
  protected async start(widget: Widget) {
    const fields = windowFields(`party-${++uid}`, this.t);
    const status = this.status();
    const list = h('ul', { 'aria-label': this.t.freeList });
    const search = h('button', { type: 'submit' }, this.t.showFree);
    const form = h('form', { class: 'card' }, fields.row, h('div', { class: 'row' }, search), status, list);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const window = fields.value();
      if (!window) return;
      search.disabled = true;
      const answer = await widget.api.availability(window, this.language);
      search.disabled = false;
      list.replaceChildren();
      if (!answer.ok) return void (status.textContent = answer.message);
      widget.cart.reprice(answer.data.products ?? []);
      const free = (answer.data.products ?? []).filter((p) => p.available);
      status.textContent = free.length ? this.t.freeCount(free.length, partyDay(window.date, this.language)) : this.t.nothingFree;
      // Each rental says it was added under its own button: the list runs to dozens on a phone, and the
      // search's status above it was out of sight, so a tap seemed to do nothing and was repeated (each
      // tap adds one more).
      for (const p of free) {
        const added = this.status();
        // Each with its price as the booking site states it, so the list can be compared before anything is added.
        const price = linePriceWords({ from: p.from, quantity: 1 }, this.t, this.currency);
        const named = h('div', {}, h('span', {}, p.name), price && h('p', { class: 'price' }, price));
        list.append(h('li', {}, h('div', { class: 'item' }, named, this.addButton(widget, { product: p.product, name: p.name, from: p.from }, added, () => window)), added));
      }
    });
    this.root.replaceChildren(form);
  }
}

/**
 * `<party-cart>`: the cart's lines, each with its quantity and Remove, and Check out, which continues on
 * the booking site. The lines are kept by product and changed in place (a quantity typed, a line gone, one
 * added in another tab): a control rebuilt under the customer's finger or keyboard would lose its focus.
 * An empty cart is its one button, *Your cart is empty* (aria-disabled, not disabled: it keeps its focus
 * when the last line is removed, and says why there is nothing to check out).
 */
export class PartyCart extends PartyElement {
  protected readonly reserve = '5.5rem';
  protected async start(widget: Widget) {
    const status = this.status();
    const checkout = h('button', { type: 'button' });
    const heading = h('h2', { id: `party-${++uid}-items`, tabindex: '-1' });
    const list = h('ul', {});
    // The lines' "from" prices together, and where the exact price is (the checkout knows the delivery area and the tax).
    const total = h('p', { class: 'total' });
    const lines = h('section', { class: 'lines', 'aria-labelledby': heading.id }, heading, list, total, h('p', { class: 'note' }, this.t.exactAtCheckout));
    const rows = new Map<string, { li: HTMLLIElement; quantity: HTMLInputElement; price: HTMLParagraphElement }>();
    const row = ({ product, name }: WidgetCart['items'][number]) => {
      const quantity = h('input', { type: 'number', inputmode: 'numeric', min: '1', max: String(MAX_LINE_QUANTITY), 'aria-label': this.t.quantityOf(name) });
      // Committed when the customer is done (Enter, or leaving the field), within the booking site's bounds; what is no number goes back.
      quantity.addEventListener('change', () => widget.cart.setQuantity(product, quantity.valueAsNumber));
      const remove = h('button', { type: 'button', class: 'secondary', 'aria-label': this.t.removeOf(name) }, this.t.remove);
      remove.addEventListener('click', () => {
        widget.cart.remove(product);
        status.textContent = this.t.removed(name);
        // Not the page's start, where a keyboard or screen-reader user would lose their place (as the booking site's cart does).
        (rows.size ? heading : checkout).focus();
      });
      const price = h('p', { class: 'price' });
      return { li: h('li', {}, h('span', {}, name), price, h('div', { class: 'row' }, h('label', {}, this.t.quantity, quantity), remove)), quantity, price };
    };
    const show = (cart: WidgetCart) => {
      const count = cart.items.reduce((n, i) => n + i.quantity, 0);
      checkout.textContent = count ? this.t.checkOut(count) : this.t.emptyCart;
      checkout.setAttribute('aria-disabled', String(count === 0));
      heading.textContent = this.t.itemsHeading(count);
      lines.hidden = count === 0;
      for (const [product, { li }] of rows) {
        if (cart.items.some((i) => i.product === product)) continue;
        li.remove();
        rows.delete(product);
      }
      for (const item of cart.items) {
        let line = rows.get(item.product);
        if (!line) {
          rows.set(item.product, (line = row(item)));
          list.append(line.li);
        }
        line.quantity.value = String(item.quantity);
        showText(line.price, linePriceWords(item, this.t, this.currency));
      }
      showText(total, cartTotalWords(cart.items, this.t, this.currency));
    };
    checkout.addEventListener('click', async () => {
      const cart = widget.cart.read();
      if (!cart.items.length) return;
      checkout.disabled = true;
      const answer = await widget.api.cartToken({ items: cart.items.map(({ product, quantity }) => ({ product, quantity })), ...(cart.event ? { event: cart.event } : {}) }, this.language);
      if (!answer.ok) {
        checkout.disabled = false;
        // A window the booking site refuses (saved by an earlier widget with its end before its start) is
        // the cart's, not this page's: a page with only a catalog has no fields to mend it, and adding more
        // keeps it. The cart lets it go, says so, and the next Check out asks for the date at checkout.
        const badWindow = Object.keys(answer.fields ?? {}).some((field) => field === 'event' || field.startsWith('event.'));
        if (badWindow) widget.cart.forgetEvent();
        status.textContent = badWindow ? `${answer.message}${fullStopAfter(answer.message)} ${this.t.windowForgotten}` : answer.message;
        status.classList.add('problem');
        return;
      }
      const { checkoutUrl } = answer.data;
      if (openOnSite(checkoutUrl)) {
        widget.cart.clear();
        return;
      }
      // Nothing may open without a click of the customer's own (a frame that may lead neither the tab nor a
      // new one from a script, or a click too long ago): a link to the checkout, in its own tab.
      checkout.disabled = false;
      status.classList.remove('problem');
      const link = h('a', { class: 'button', href: checkoutUrl, target: '_blank' }, this.t.continueToCheckout);
      link.addEventListener('click', () => widget.cart.clear());
      status.replaceChildren(link);
    });
    window.addEventListener(CART_EVENT, (e) => show((e as CustomEvent<WidgetCart>).detail));
    show(widget.cart.read());
    this.root.replaceChildren(lines, h('div', { class: 'row' }, checkout), status);
  }
}
