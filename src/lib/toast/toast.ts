import { createToastStore, type Toast, type ToastInput } from './toast-store';
import { mountToastView, type ToastView } from './toast-view';

/**
 * The page's toast helper for vanilla scripts. One store per page; the view is created on the
 * first toast, so pages that never notify pay nothing but this module.
 */
const store = createToastStore();
let view: ToastView | undefined;

function ensureView() {
  if (view || typeof document === 'undefined') return;
  view = mountToastView(store);
  // The client-side router replaces <body>; bring the region (and any open toast) along.
  document.addEventListener('astro:after-swap', () => view?.attach());
}

function show(input: ToastInput): Toast {
  ensureView();
  return store.add(input);
}

export const toast = {
  show,
  success: (title: string, message?: string) => show({ type: 'success', title, message }),
  error: (title: string, message?: string) => show({ type: 'error', title, message }),
  warning: (title: string, message?: string) => show({ type: 'warning', title, message }),
  info: (title: string, message?: string) => show({ type: 'info', title, message }),
  dismiss: (id: string) => store.remove(id),
  clear: () => store.clear(),
  list: () => store.list(),
};
