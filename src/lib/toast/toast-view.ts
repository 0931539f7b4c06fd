import type { Toast, ToastStore, ToastType } from './toast-store';

/**
 * Draws the toast list at the top right of the page. Errors go to an assertive live region
 * (role=alert) so they interrupt a screen reader; everything else to a polite one. The regions
 * exist before any toast arrives, because screen readers ignore live regions inserted together
 * with their content.
 */

const look: Record<ToastType, { icon: string; card: string; badge: string }> = {
  success: { icon: '✓', card: 'border-l-emerald-600', badge: 'bg-emerald-50 text-emerald-800' },
  error: { icon: '!', card: 'border-l-red-600', badge: 'bg-red-50 text-red-800' },
  warning: { icon: '!', card: 'border-l-amber-500', badge: 'bg-amber-50 text-amber-900' },
  info: { icon: 'i', card: 'border-l-brand-600', badge: 'bg-brand-50 text-brand-800' },
};

/**
 * What a screen reader hears around a toast, in the page's language (<html lang>): a Spanish page says
 * everything in Spanish (issue #40). Here rather than in the pages' catalogs: the view is loaded only
 * when a page first notifies, and the catalogs would come with it whole.
 */
const WORDS: Record<'en' | 'es', Record<ToastType | 'region' | 'close', string>> = {
  en: { region: 'Notifications', close: 'Close notification', success: 'Success', error: 'Error', warning: 'Warning', info: 'Information' },
  es: { region: 'Notificaciones', close: 'Cerrar el aviso', success: 'Listo', error: 'Error', warning: 'Advertencia', info: 'Información' },
};
const wordsFor = (doc: Document) => (doc.documentElement.lang.startsWith('es') ? WORDS.es : WORDS.en);

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderToast(doc: Document, toast: Toast, dismiss: (id: string) => void): HTMLElement {
  const style = look[toast.type];
  const words = wordsFor(doc);
  const card = element(
    doc,
    'div',
    `toast-card pointer-events-auto flex items-start gap-3 rounded-xl border border-l-4 border-slate-200 bg-white p-4 shadow-lg ${style.card}`,
  );
  card.dataset['toastId'] = toast.id;
  card.dataset['toastType'] = toast.type;

  const icon = element(
    doc,
    'span',
    `grid size-7 shrink-0 place-items-center rounded-full text-sm font-bold ${style.badge}`,
    style.icon,
  );
  icon.setAttribute('aria-hidden', 'true');

  const body = element(doc, 'div', 'min-w-0 flex-1');
  const title = element(doc, 'p', 'font-semibold text-slate-900');
  title.append(element(doc, 'span', 'sr-only', `${words[toast.type]}: `), toast.title);
  body.append(title);
  if (toast.message) body.append(element(doc, 'p', 'mt-1 text-sm text-slate-700', toast.message));
  const action = toast.action;
  if (action) {
    const button = element(
      doc,
      'button',
      'mt-2 min-h-8 rounded-lg bg-brand-700 px-3 text-sm font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
      action.label,
    );
    button.type = 'button';
    button.addEventListener('click', () => {
      dismiss(toast.id);
      action.onClick();
    });
    body.append(button);
  }

  const close = element(
    doc,
    'button',
    'grid size-8 shrink-0 place-items-center rounded-lg text-xl leading-none text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700',
  );
  close.type = 'button';
  close.setAttribute('aria-label', words.close);
  const cross = element(doc, 'span', '', '×');
  cross.setAttribute('aria-hidden', 'true');
  close.append(cross);
  close.addEventListener('click', () => dismiss(toast.id));

  card.append(icon, body, close);
  return card;
}

export interface ToastView {
  /** Puts the region back into the page, e.g. after a client-side navigation replaced <body>. */
  attach(): void;
  unmount(): void;
}

export function mountToastView(store: ToastStore, doc: Document = document): ToastView {
  const region = element(
    doc,
    'section',
    'pointer-events-none fixed top-4 right-4 z-[1000] flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2',
  );
  region.dataset['toastRegion'] = '';
  const urgent = element(doc, 'div', 'flex flex-col gap-2');
  urgent.setAttribute('role', 'alert');
  urgent.setAttribute('aria-live', 'assertive');
  const polite = element(doc, 'div', 'flex flex-col gap-2');
  polite.setAttribute('role', 'status');
  polite.setAttribute('aria-live', 'polite');
  // role=status is atomic by default: without this every new toast would re-read the old ones.
  polite.setAttribute('aria-atomic', 'false');
  urgent.setAttribute('aria-atomic', 'false');
  region.append(urgent, polite);

  const shown = new Map<string, { toast: Toast; node: HTMLElement }>();
  const dismiss = (id: string) => store.remove(id);

  const attach = () => {
    // Each time: the client-side router may have brought a page of the other language.
    region.setAttribute('aria-label', wordsFor(doc).region);
    if (!region.isConnected) doc.body.append(region);
  };

  const render = (toasts: readonly Toast[]) => {
    attach();
    const current = new Set(toasts.map((t) => t.id));
    for (const [id, entry] of shown) {
      if (!current.has(id)) {
        entry.node.remove();
        shown.delete(id);
      }
    }
    for (const toast of toasts) {
      const existing = shown.get(toast.id);
      if (existing?.toast === toast) continue;
      const node = renderToast(doc, toast, dismiss);
      existing?.node.remove();
      (toast.type === 'error' ? urgent : polite).append(node);
      shown.set(toast.id, { toast, node });
    }
  };

  const unsubscribe = store.subscribe(render);
  render(store.list());

  return {
    attach,
    unmount() {
      unsubscribe();
      region.remove();
      shown.clear();
    },
  };
}
