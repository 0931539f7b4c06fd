import type { Locale } from '../i18n';

/**
 * The current version of the waiver's text in each language. Each language has its own: a fix to the
 * Spanish wording is a new Spanish version and leaves the English one (and every English signature)
 * alone. A signature names the language and version its signer was shown; the server refuses any other
 * than the current one, so what is stored is always the text on this page's screen (docs/admin/waivers.md).
 */
export const WAIVER_VERSIONS: Readonly<Record<Locale, string>> = { en: '2026-11', es: '2026-12-es' };

/**
 * The safety rules' ids, the same in every language and in this order: stored in
 * waivers.rules_acknowledged and used as the form's field names (waiver-text.test.ts checks each
 * language's rules against it).
 */
export const WAIVER_RULE_IDS = [
  'adult-supervision',
  'rider-limits',
  'nothing-on-the-unit',
  'no-rough-play',
  'weather-limits',
  'blower-and-anchors',
  'fit-to-play',
  'stop-and-call',
] as const;

/**
 * A language's current text is our own translation, not yet reviewed by the owner's lawyer: the admin's
 * waivers screen says so to the owner (signers never see it). When the lawyer has reviewed it (or
 * changed it, which is a new version), this turns false.
 */
export const WAIVER_NEEDS_LEGAL_REVIEW: Readonly<Record<Locale, boolean>> = { en: false, es: true };
