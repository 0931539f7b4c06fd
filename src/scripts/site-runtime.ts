/**
 * Site-wide behaviour, loaded once by BaseLayout on every page (SPEC sections 1, 4, 8, 9):
 * light mode only, scroll animations, the service worker, the hourly build check, reloading
 * after a failed chunk load and sending visitors to the error page after a fatal error.
 * It ships on every landing page (15 KB JavaScript budget), so it stays small and few files: the
 * page events ride along, the toast view is loaded only when needed, and the service worker is
 * registered with the browser's own API rather than a helper library.
 */
import './page-events';
import { isBotUserAgent } from '../lib/runtime';
import { startAnalytics } from './analytics';
import { checkoutPath } from '../lib/paths';
import { switchedPath, unlocalizedPath } from '../lib/i18n';
import { BUILD_CHECK_INTERVAL_MS, buildIdFrom, isNewerBuild } from '../lib/runtime';
import { isChunkLoadError, isSiteScriptUrl } from '../lib/runtime';
import { isFatalClientError, type ClientErrorReport } from '../lib/runtime';
import { mayReloadNow } from '../lib/runtime';
import {
  SCROLL_ANIMATE_ROOT_MARGIN,
  SCROLL_ANIMATE_THRESHOLD,
  scrollAnimateSettings,
} from '../lib/runtime';

const root = document.documentElement;

startAnalytics();

// --- A cart from the booking widget --------------------------------------------------------------
// /checkout?cart=… or /es/checkout?cart=… (issue #39: opened from the widget on the owner's other website): its cart lands
// first; the code for that loads only then. Asked here rather than by a script of checkout's own: one
// file fewer, with its headers, on the page where a visitor pays.
const embedCartToken = unlocalizedPath(location.pathname) === checkoutPath() ? new URLSearchParams(location.search).get('cart') : null;
if (embedCartToken)
  void import('./embed-cart-landing').then((m) => m.landEmbedCart(embedCartToken, document.getElementById('embed-cart-problem')));

// --- Always light mode -------------------------------------------------------------------------
const stripDarkMode = () => {
  if (root.classList.contains('dark')) root.classList.remove('dark');
};
stripDarkMode();
// Browser extensions, third-party widgets or a stale script may add it back at any time.
new MutationObserver(stripDarkMode).observe(root, { attributes: true, attributeFilter: ['class'] });

// --- Scroll animations ---------------------------------------------------------------------------
let scrollObservers: IntersectionObserver[] = [];

function reveal(element: HTMLElement) {
  if (element.dataset['animateState'] !== 'pending') return;
  for (const observer of scrollObservers) observer.unobserve(element);
  element.dataset['animateState'] = 'in';
  // Hand transitions back to the element's own styles (hover effects) once it has arrived.
  setTimeout(
    () => delete element.dataset['animateState'],
    scrollAnimateSettings('', element.dataset['animateDelay']).delayMs + 700,
  );
}

function animateOnScroll() {
  for (const observer of scrollObservers) observer.disconnect();
  scrollObservers = [];
  if (matchMedia('(prefers-reduced-motion: reduce)').matches || !('IntersectionObserver' in window)) return;
  const reported = new WeakSet<Element>();
  const main = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const element = entry.target as HTMLElement;
        if (reported.has(element)) {
          if (entry.isIntersecting) reveal(element);
          continue;
        }
        reported.add(element);
        const { top, bottom } = entry.boundingClientRect;
        // Already on screen when the page opens: leave it be, hiding it now would flicker.
        if (top < innerHeight && bottom > 0) {
          for (const observer of scrollObservers) observer.unobserve(element);
          continue;
        }
        const { animation, delayMs } = scrollAnimateSettings(
          element.dataset['animate'],
          element.dataset['animateDelay'],
        );
        element.dataset['animate'] = animation;
        element.style.setProperty('--animate-delay', `${delayMs}ms`);
        element.dataset['animateState'] = 'pending';
      }
    },
    { threshold: SCROLL_ANIMATE_THRESHOLD, rootMargin: SCROLL_ANIMATE_ROOT_MARGIN },
  );
  // The last elements of a page may never rise above the bottom 10 %: show them once wholly on screen.
  const pageEnd = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) reveal(entry.target as HTMLElement);
    },
    { threshold: 0.99 },
  );
  scrollObservers = [main, pageEnd];
  for (const element of document.querySelectorAll('[data-animate]')) {
    main.observe(element);
    pageEnd.observe(element);
  }
}

// --- Reload after a failed chunk load --------------------------------------------------------------
const reloadStampKey = 'site:chunk-reload-at';

/** A redeploy removed the scripts this page was built with: a fresh copy of the page fixes it. */
function reloadForMissingChunk(reason: unknown) {
  try {
    if (!mayReloadNow(sessionStorage.getItem(reloadStampKey), Date.now())) {
      console.error('A script failed to load again right after a reload; not reloading again.', reason);
      return;
    }
    sessionStorage.setItem(reloadStampKey, String(Date.now()));
  } catch {
    // Without storage the guard cannot work, and an unguarded reload could loop.
    console.error('A script failed to load.', reason);
    return;
  }
  location.reload();
}

// Vite's preloader reports more than missing chunks here: a rejection from the code it wraps (a call
// chained on the import, such as the human check's fetch refused with a 429) arrives too. Only a
// missing chunk reloads; anything else is left to Vite, which rethrows it to the code that asked.
addEventListener('vite:preloadError', (event) => {
  const reason = (event as Event & { payload?: unknown }).payload;
  if (!isChunkLoadError(reason)) return;
  event.preventDefault();
  reloadForMissingChunk(reason);
});

// --- Fatal errors --------------------------------------------------------------------------------
let leaving = false;
// While the router swaps pages the old page's islands are unmounted, and React throws when one is
// unmounted before it finished hydrating (error #424 on a busy phone). That page is going away: its
// errors are logged, not turned into the error page for the page arriving.
let swapping = false;
document.addEventListener('astro:before-swap', () => (swapping = true));
document.addEventListener('astro:page-load', () => (swapping = false));

function handleFatal(report: ClientErrorReport) {
  if (!isFatalClientError(report)) return;
  console.error('Unhandled error', report.error ?? report.message);
  if (swapping) return;
  // Crawlers and audits must see the real page, and the dev server has its own overlay.
  // A Spanish page's visitor gets the Spanish error page (issue #40).
  const errorPage = /^\/es(\/|$)/.test(location.pathname) ? '/es/500' : '/500';
  if (leaving || import.meta.env.DEV || isBotUserAgent(navigator.userAgent) || location.pathname === errorPage) return;
  leaving = true;
  location.assign(errorPage);
}

addEventListener(
  'error',
  (event: Event) => {
    if (!(event instanceof ErrorEvent)) {
      // A resource failed; only this site's own scripts matter here (an ad blocker stopping the
      // analytics tag is no reason to reload).
      const target = event.target;
      if (target instanceof HTMLScriptElement && isSiteScriptUrl(target.src, location.origin))
        reloadForMissingChunk(target.src);
      return;
    }
    if (isChunkLoadError(event.error) || isChunkLoadError(event.message)) reloadForMissingChunk(event.error);
    else handleFatal({ error: event.error, message: event.message, filename: event.filename, origin: location.origin });
  },
  true,
);

addEventListener('unhandledrejection', (event) => {
  if (isChunkLoadError(event.reason)) reloadForMissingChunk(event.reason);
  else handleFatal({ error: event.reason, origin: location.origin });
});

// --- Service worker --------------------------------------------------------------------------------
let serviceWorkerFailed = false;
const flagServiceWorker = () => {
  if (serviceWorkerFailed) root.dataset['serviceWorker'] = 'failed';
};
function serviceWorkerFailure(error: unknown) {
  serviceWorkerFailed = true;
  flagServiceWorker();
  console.warn('The offline service worker could not be registered.', error);
}

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  // After the page has loaded, so registering never competes with the page's own requests.
  // A new worker taking over (an update, or one activated from another tab) reloads the page so it
  // runs the new build. The very first install is not an update: the page is already current, and
  // reloading it then would throw away whatever the visitor had started typing.
  const hadWorker = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadWorker || reloading) return;
    reloading = true;
    location.reload();
  });
  const register = () => navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(serviceWorkerFailure);
  if (document.readyState === 'complete') void register();
  else addEventListener('load', () => void register(), { once: true });
}

// --- Newer build check -----------------------------------------------------------------------------
const pageBuildId = document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content;
let lastBuildCheck = Date.now();
let newerBuildAvailable = false;

async function checkForNewerBuild() {
  lastBuildCheck = Date.now();
  if (newerBuildAvailable || !navigator.onLine) return;
  try {
    const response = await fetch('/build.json', { cache: 'no-store' });
    if (!response.ok || !isNewerBuild(pageBuildId, buildIdFrom(await response.json()))) return;
  } catch {
    return; // Offline or blocked: the next check will tell.
  }
  newerBuildAvailable = true;
  const { showNewerBuildNotice } = await import('./newer-build-notice');
  showNewerBuildNotice(root.lang);
}

setInterval(() => void checkForNewerBuild(), BUILD_CHECK_INTERVAL_MS);
// Background tabs have their timers throttled: check when the visitor comes back after an hour.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible' && Date.now() - lastBuildCheck >= BUILD_CHECK_INTERVAL_MS)
    void checkForNewerBuild();
});
// Once a newer build exists, the next link click loads the page in full instead of swapping it in.
document.addEventListener('astro:before-preparation', (event) => {
  if (newerBuildAvailable) event.preventDefault();
});

// --- Per page ------------------------------------------------------------------------------------
// The client-side router swaps pages without reloading this script; it also rewrites <html>'s attributes.
document.addEventListener('astro:after-swap', () => {
  stripDarkMode();
  flagServiceWorker();
});
if (document.querySelector('meta[name="astro-view-transitions-enabled"]'))
  document.addEventListener('astro:page-load', animateOnScroll);
else animateOnScroll();

// --- The offer of Spanish (issue #40) ------------------------------------------------------------
// An English page with a Spanish version holds a hidden one-line offer; a browser whose first language
// is Spanish shows it. No redirect: search engines and everyone else get the English page as it is.
function offerSpanish() {
  const first = (navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase();
  if (!first.startsWith('es')) return;
  for (const offer of document.querySelectorAll<HTMLElement>('[data-language-offer]')) offer.hidden = false;
}
if (document.querySelector('meta[name="astro-view-transitions-enabled"]')) document.addEventListener('astro:page-load', offerSpanish);
else offerSpanish();

// The language switch and the offer lead to the same page in the other language: with the query and the
// hash the visitor has now (a catalog filter, a section), which a prebuilt link cannot know. Filled in as
// the link is used, so the catalog's own changes to the address (history.replaceState) are kept too; and
// a page served for every address under it (/hi/{id}) keeps the rest of the address (switchedPath).
function keepAddressOnSwitch(event: Event) {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-language-switch], [data-language-offer] a') : null;
  if (!link) return;
  const target = new URL(link.href, location.href);
  target.pathname = switchedPath(target.pathname, location.pathname);
  target.search = location.search;
  target.hash = location.hash;
  link.setAttribute('href', `${target.pathname}${target.search}${target.hash}`);
}
for (const type of ['click', 'focusin', 'pointerover']) document.addEventListener(type, keepAddressOnSwitch, { capture: true });
