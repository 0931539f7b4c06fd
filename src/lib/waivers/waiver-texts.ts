import { z } from '../validation';
import type { Locale } from '../i18n';
import type { WaiverRule, WaiverWords } from './waiver-render';
import { WAIVER_RULE_IDS } from './waiver-versions';

/**
 * The waiver's text as the owner edits it, one language at a time (Settings → Waiver): its title, the
 * introduction, the safety rules (the same ids in the same order in every version: they are the form's
 * fields and what a signature acknowledges) and the release's sections. The form's own words (labels,
 * buttons) stay with the code, in each language. Published versions are stored (waiver_texts) and never
 * changed: a signature names its version and the SHA-256 of the exact text it was shown.
 */
export interface WaiverText {
  title: string;
  intro: string;
  rules: readonly WaiverRule[];
  sections: readonly { heading: string; paragraphs: string[] }[];
}

/** One language's current version: its id, whether it waits for the owner's lawyer, and its text. */
export interface CurrentWaiverText extends WaiverText {
  language: Locale;
  version: string;
  needsLegalReview: boolean;
}

/** The text a language's words carry (the shipped text, or any version's). */
export const textOfWords = (words: WaiverWords): WaiverText => ({ title: words.title, intro: words.intro, rules: words.rules, sections: words.sections });

/** A language's words (the form's, the text's lines) with another version's text in them. */
export function wordsWithText(words: WaiverWords, text: CurrentWaiverText): WaiverWords {
  return {
    ...words,
    version: text.version,
    needsLegalReview: text.needsLegalReview,
    title: text.title,
    intro: text.intro,
    rules: text.rules,
    sections: text.sections,
  };
}

const line = (what: string, max: number) =>
  z
    .string({ error: `Enter the ${what}` })
    .trim()
    .min(1, `Enter the ${what}`)
    .max(max, `Use at most ${max} characters`)
    .refine((s) => !/[\r\n]/.test(s), 'Keep it on one line');
const paragraph = (what: string, max: number) =>
  z
    .string({ error: `Enter the ${what}` })
    .trim()
    .min(1, `Enter the ${what}`)
    .max(max, `Use at most ${max} characters`)
    // The text is hashed as shown: one paragraph is one line of it.
    .transform((s) => s.replace(/\s+/g, ' '));

/** A new version of one language's text, as the owner's screen sends it. */
export const waiverTextInput = z.object({
  language: z.enum(['en', 'es'], { error: 'Choose English or Spanish' }),
  title: line('title', 200),
  intro: paragraph('introduction', 2000),
  rules: z
    .array(z.object({ id: z.string(), title: line('rule’s name', 120), text: paragraph('rule', 1000) }), { error: 'Give every safety rule' })
    .refine((rules) => rules.length === WAIVER_RULE_IDS.length && rules.every((r, i) => r.id === WAIVER_RULE_IDS[i]), {
      message: `Give the ${WAIVER_RULE_IDS.length} safety rules, in their order (each is a box the signer ticks)`,
    }),
  sections: z
    .array(
      z.object({
        heading: line('heading', 200),
        paragraphs: z.array(paragraph('paragraph', 5000)).min(1, 'Write at least one paragraph').max(20, 'At most 20 paragraphs in a section'),
      }),
      { error: 'Give the release’s sections' },
    )
    .min(1, 'Keep at least one section')
    .max(20, 'At most 20 sections'),
  /** The owner says their lawyer has reviewed this text; otherwise the screen keeps saying it needs review. */
  lawyerReviewed: z.boolean({ error: 'Say whether your lawyer has reviewed it' }).default(false),
});
export type WaiverTextInput = z.infer<typeof waiverTextInput>;

/** The owner confirms that their lawyer reviewed a version (the shipped Spanish, or one they published). */
export const waiverReviewInput = z.object({
  language: z.enum(['en', 'es'], { error: 'Choose English or Spanish' }),
  version: z.string({ error: 'Which version' }).trim().min(1, 'Which version').max(40, 'Which version'),
});

/**
 * A new version's id: the day it is published, marked with its language when not English (as the
 * shipped "2026-12-es"), and a count when that day already has one ("2026-12-03-es.2").
 */
export function nextWaiverVersion(language: Locale, day: string, taken: readonly string[]): string {
  const base = language === 'en' ? day : `${day}-${language}`;
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base}.${n}`)) return `${base}.${n}`;
}
