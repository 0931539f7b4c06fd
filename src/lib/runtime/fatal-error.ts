import { isChunkLoadError } from './chunk-error';

export interface ClientErrorReport {
  /** The error or rejection reason. */
  error: unknown;
  /** The message of a window 'error' event. */
  message?: string | undefined;
  /** The script a window 'error' event came from ('' when unknown). */
  filename?: string | undefined;
  /** The page's origin. */
  origin: string;
}

/**
 * Which uncaught errors are fatal, i.e. leave the page broken enough to show the error page.
 * Not fatal: failed chunk loads (they reload instead), errors from other origins (analytics tags,
 * browser extensions: the browser hides their details as "Script error."), aborted requests
 * (the visitor navigated away), the harmless ResizeObserver loop notice, and a page transition the
 * browser skipped or cut short (a busy device can take longer than Chrome's 4 s limit to swap the page,
 * a quick second click skips the first; the navigation itself still completes without the animation).
 */
export function isFatalClientError(report: ClientErrorReport): boolean {
  const { error, origin } = report;
  const message = report.message ?? (error instanceof Error ? error.message : typeof error === 'string' ? error : '');
  if (isChunkLoadError(error) || isChunkLoadError(message)) return false;
  if (/^Script error\.?$/i.test(message)) return false;
  if (/ResizeObserver loop/i.test(message)) return false;
  if (isSkippedViewTransition(error)) return false;
  if (error instanceof Error && error.name === 'AbortError') return false;
  if (typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError') return false;
  if (report.filename) {
    try {
      if (new URL(report.filename, origin).origin !== origin) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** The rejections of a document.startViewTransition() the browser skipped, aborted or timed out. */
function isSkippedViewTransition(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    ['InvalidStateError', 'TimeoutError', 'AbortError'].includes(String(error.name)) &&
    'message' in error &&
    /transition/i.test(String(error.message))
  );
}
