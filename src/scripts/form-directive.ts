import type { ClientDirective } from 'astro';
import { FORM_READY_ATTRIBUTE, SUBMIT_HELD_ATTRIBUTE } from '../islands/forms/early-submit';

/**
 * `client:form`: a customer form's island (the contact, support and rental suggestion forms), hydrated as
 * it comes near the screen or at the first touch, focus or send inside it, whichever comes first, and
 * never losing a send made before the island has taken over.
 *
 * The form the build rendered is on screen, and takes typing and taps, before its script has arrived
 * and run (on a phone, a second or more after the form scrolls into view). With `client:visible` a tap
 * on its button in that moment was lost, or the browser sent the form itself: a GET of the page with
 * everything typed in its address. Here such a send is stopped and marked on the form, the island is
 * loaded at once, and the island makes the send as soon as it is in charge, with what was typed
 * (src/islands/forms/early-submit.ts).
 *
 * Registered by src/integrations/form-directive.ts. Astro inlines the bundled directive in the page, so
 * its hash is in INLINE_SCRIPT_HASHES (the build names the new hash when this file changes).
 */

declare module 'astro' {
  interface AstroClientDirectives {
    'client:form'?: boolean;
  }
}

/** How far ahead of the screen the island starts loading: the form is usually ready by the time it is reached. */
const NEAR_SCREEN = '200px';

/** What the directive needs from the page: injected so the logic can be tested without a browser. */
export interface FormIslandHost {
  /** Astro's loader for the island's code; its result hydrates. */
  load: () => Promise<() => Promise<void>>;
  /** The island element: sends, touches and focus inside it arrive here. */
  island: Pick<EventTarget, 'addEventListener'>;
  /** Calls `near` once the island comes near the screen; returns how to stop watching. */
  watchNearScreen: (near: () => void) => () => void;
}

/** What the directive reads and marks on the form a send is for. */
type HeldForm = Pick<Element, 'hasAttribute' | 'setAttribute'>;

export function startFormIsland({ load, island, watchNearScreen }: FormIslandHost): void {
  let started = false;
  let stopWatching = () => {};
  const hydrate = async () => {
    if (started) return;
    started = true;
    stopWatching();
    try {
      await (await load())();
    } catch {
      // The script did not arrive (the connection dropped): the next touch or send asks again.
      started = false;
    }
  };
  stopWatching = watchNearScreen(() => void hydrate());
  for (const type of ['pointerdown', 'focusin']) island.addEventListener(type, () => void hydrate(), { passive: true });
  // In the capture phase, on the island itself: before the island's own listeners (React listens on
  // the island too, once loaded), which take over from here once the form says so.
  island.addEventListener(
    'submit',
    (event) => {
      const form = event.target as unknown as HeldForm | null;
      if (!form || form.hasAttribute(FORM_READY_ATTRIBUTE)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      form.setAttribute(SUBMIT_HELD_ATTRIBUTE, '');
      void hydrate();
    },
    { capture: true },
  );
}

const formDirective: ClientDirective = (load, _options, el) => {
  startFormIsland({
    load,
    island: el,
    watchNearScreen: (near) => {
      // The island element has no box of its own (display: contents): its children are watched, as
      // Astro's client:visible does.
      const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && near(), { rootMargin: NEAR_SCREEN });
      for (const child of el.children) observer.observe(child);
      return () => observer.disconnect();
    },
  });
};

export default formDirective;
