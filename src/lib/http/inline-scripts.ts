import { createHash } from 'node:crypto';

/** Script types a browser executes (and CSP therefore checks); JSON-LD and other data blocks are not. */
const EXECUTABLE_TYPE = /^(|module|text\/javascript|application\/javascript)$/i;

/** The text of every inline script a browser would run in this HTML. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attrs!)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs!)?.[1] ?? '';
    if (EXECUTABLE_TYPE.test(type)) found.push(body!);
  }
  return found;
}

/** The CSP source expression for an inline script: sha256-<base64 of the digest of its exact text>. */
export function cspHash(script: string): string {
  return `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
}
