import { z } from 'zod';

/**
 * What a person reads for a required field that was left out, where its schema words nothing of its
 * own. zod's default ("Invalid input: expected object, received undefined") speaks of types, which
 * staff and customers do not; a schema's own message (`{ error: 'Enter your name' }`) still comes first.
 */
export const MISSING_FIELD_MESSAGE = 'Required.';

/** The words for an issue that zod would otherwise say in its own terms; undefined leaves it to zod. */
export function plainIssueMessage(issue: { code?: string; input?: unknown }): string | undefined {
  const missing = issue.input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union');
  return missing ? MISSING_FIELD_MESSAGE : undefined;
}

/**
 * Every schema imports zod from here. Zod compiles object parsers with `new Function` unless told
 * not to, and even its feature probe counts as a violation of the site's Content-Security-Policy
 * (no 'unsafe-eval'). The setting is read when a schema is created, so it must run before the
 * first `z.object(...)` anywhere: importing z from this module guarantees that. ESLint forbids
 * importing zod's values directly.
 *
 * The error map is zod's last word before its own locale, so it covers every schema, on the server and
 * in the browser, without editing each one: a schema's message and a parse's own map (a Spanish page's)
 * come before it.
 */
z.config({ jitless: true, customError: plainIssueMessage });

export { z };
