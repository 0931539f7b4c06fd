import { useEffect, useMemo } from 'react';

/**
 * The warning before leaving a form with unsaved changes: the browser's own prompt when the page
 * unloads (reload, closing the tab, typing an address), a confirm() with our wording when staff
 * follow a link on the page, and `confirmDiscard()` for what a screen does without leaving the page
 * (switching a settings tab, opening another record, Cancel).
 *
 * One registry for the page: several forms may be open on one screen, and one answer covers them all.
 */

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave without saving them?';

const dirtyForms = new Set<symbol>();
// Set once staff agreed to leave, so the browser does not ask a second time as the page unloads.
let leaving = false;

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (leaving || dirtyForms.size === 0) return;
  event.preventDefault();
  // Chrome before 119 and Safari want returnValue set as well.
  event.returnValue = '';
}

function isSamePageAnchor(link: HTMLAnchorElement): boolean {
  const target = new URL(link.href, location.href);
  return (
    target.origin === location.origin &&
    target.pathname === location.pathname &&
    target.search === location.search &&
    target.hash !== ''
  );
}

function onLinkClick(event: MouseEvent) {
  if (
    dirtyForms.size === 0 ||
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return;
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download') || isSamePageAnchor(link))
    return;
  if (window.confirm(UNSAVED_CHANGES_MESSAGE)) leaving = true;
  else event.preventDefault();
}

function onPageShow() {
  leaving = false;
}

function update() {
  if (dirtyForms.size > 0) {
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onLinkClick, true);
    window.addEventListener('pageshow', onPageShow);
  } else {
    window.removeEventListener('beforeunload', onBeforeUnload);
    document.removeEventListener('click', onLinkClick, true);
  }
}

/** True when nothing is unsaved, or staff agreed to drop it. */
export function confirmDiscard(): boolean {
  return dirtyForms.size === 0 || window.confirm(UNSAVED_CHANGES_MESSAGE);
}

/** Forget every unsaved change on the page (after a save that navigates away). */
export function releaseUnsavedChanges(): void {
  dirtyForms.clear();
  update();
}

/** Registers a form as holding unsaved changes while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean) {
  const token = useMemo(() => Symbol('form'), []);
  useEffect(() => {
    if (dirty) dirtyForms.add(token);
    else dirtyForms.delete(token);
    update();
    return () => {
      dirtyForms.delete(token);
      update();
    };
  }, [dirty, token]);
  return {
    /** This form's changes may be dropped without asking (it was just saved). */
    release() {
      dirtyForms.delete(token);
      update();
    },
    /** Asks before this form's changes are thrown away; true when there are none or staff agree. */
    confirmDiscard() {
      return !dirtyForms.has(token) || window.confirm(UNSAVED_CHANGES_MESSAGE);
    },
  };
}
