import { auditedChange } from '../admin/index.server';
import type { Audit, Staff } from '../auth/index.server';
import type { Database, Sql } from '../db/index.server';
import { AppError } from '../http';
import { LOCALES, type Locale } from '../i18n';
import { localDate } from '../time';
import { getSettings } from '../business/index.server';
import { textOfWords, nextWaiverVersion, type CurrentWaiverText, type WaiverText, type WaiverTextInput } from './waiver-texts';
import { waiverWords } from './waiver-words';

/**
 * The published versions of the waiver's text (waiver_texts), one language at a time. The newest of a
 * language is what its signers are shown, on their own phone and on the crew's; a signature stores
 * the version and the SHA-256 of the text rendered from it, and its PDF is made from what it stored,
 * so publishing a new version never changes an old signature's text, hash or PDF.
 */

interface TextRow {
  language: Locale;
  version: string;
  content: WaiverText | null;
  needs_review: boolean;
}

/** A row's text: its own, or (content null) the text shipped with the code for that version. */
function textOf(row: TextRow, governingState: string): CurrentWaiverText | null {
  const shipped = waiverWords(row.language, governingState);
  const text = row.content ?? (shipped.version === row.version ? textOfWords(shipped) : null);
  return text && { ...text, language: row.language, version: row.version, needsLegalReview: row.needs_review };
}

/** Each language's current text (the newest published), with the business's state's law in the shipped release. */
export async function currentWaiverTexts(sql: Sql, governingState: string): Promise<Record<Locale, CurrentWaiverText>> {
  const rows = await sql<TextRow[]>`
    select distinct on (language) language, version, content, (needs_legal_review and reviewed_at is null) as needs_review
    from waiver_texts order by language, published_at desc, version desc`;
  const current = {} as Record<Locale, CurrentWaiverText>;
  for (const language of LOCALES) {
    const row = rows.find((r) => r.language === language);
    const shipped = waiverWords(language, governingState);
    // No row at all (a database that lost them): the shipped text, as it was before versions were stored.
    current[language] = (row && textOf(row, governingState)) ?? { ...textOfWords(shipped), language, version: shipped.version, needsLegalReview: shipped.needsLegalReview };
  }
  return current;
}

/** One version's text, for the PDF of a waiver signed with it (its rules are printed as ticked). */
export async function waiverTextAt(sql: Sql, language: Locale, version: string, governingState: string): Promise<CurrentWaiverText | null> {
  const [row] = await sql<TextRow[]>`
    select language, version, content, (needs_legal_review and reviewed_at is null) as needs_review
    from waiver_texts where language = ${language} and version = ${version}`;
  if (row) return textOf(row, governingState);
  const shipped = waiverWords(language, governingState);
  return shipped.version === version ? { ...textOfWords(shipped), language, version, needsLegalReview: shipped.needsLegalReview } : null;
}

export interface WaiverVersionItem {
  version: string;
  /** Null: shipped with the site. */
  publishedAt: string | null;
  publishedBy: string | null;
  needsLegalReview: boolean;
  reviewedAt: string | null;
  reviewedBy: string | null;
  signatures: number;
}

/** The owner's screen: each language's current text and every version published, newest first. */
export async function listWaiverTexts(sql: Sql): Promise<{ current: Record<Locale, CurrentWaiverText>; versions: Record<Locale, WaiverVersionItem[]> }> {
  const settings = await getSettings(sql);
  const [current, rows] = await Promise.all([
    currentWaiverTexts(sql, settings.addressState),
    sql<(Omit<WaiverVersionItem, 'publishedAt' | 'reviewedAt'> & { language: Locale; shipped: boolean; published_at: Date; reviewed_at: Date | null })[]>`
      select t.language, t.version, t.content is null as shipped, t.published_at, t.reviewed_at,
        coalesce(p.name, case when t.published_by is not null then '' end) as "publishedBy",
        coalesce(r.name, case when t.reviewed_by is not null then '' end) as "reviewedBy",
        (t.needs_legal_review and t.reviewed_at is null) as "needsLegalReview",
        (select count(*)::int from waivers w where w.language = t.language and w.waiver_version = t.version) as signatures
      from waiver_texts t left join staff_user p on p.id = t.published_by left join staff_user r on r.id = t.reviewed_by
      order by t.language, t.published_at desc, t.version desc`,
  ]);
  const versions = Object.fromEntries(LOCALES.map((l) => [l, [] as WaiverVersionItem[]])) as Record<Locale, WaiverVersionItem[]>;
  for (const r of rows) {
    versions[r.language].push({
      version: r.version,
      publishedAt: r.shipped ? null : r.published_at.toISOString(),
      publishedBy: r.publishedBy,
      needsLegalReview: r.needsLegalReview,
      reviewedAt: r.reviewed_at?.toISOString() ?? null,
      reviewedBy: r.reviewedBy,
      signatures: r.signatures,
    });
  }
  return { current, versions };
}

/**
 * Publishes a new version of one language's text (owners): a new row with a new version id, never a
 * change to one already published. Signers are shown it from now on; a page opened before is refused
 * when it signs (the stale version's message) and shows the new text when reloaded. The public waiver
 * page is rebuilt with it.
 */
export async function publishWaiverText(db: Database, input: WaiverTextInput, staff: Staff, audit: Audit, now: Date): Promise<CurrentWaiverText> {
  const settings = await getSettings(db);
  const { language, lawyerReviewed, ...text } = input;
  return auditedChange(db, audit, {
    // The language's versions, locked, so two owners publishing at once get two ids.
    lock: (tx) => tx<{ version: string }[]>`select version from waiver_texts where language = ${language} for update`,
    change: async (tx, taken) => {
      const version = nextWaiverVersion(language, localDate(now, settings.timezone), taken.map((t) => t.version));
      await tx`
        insert into waiver_texts (language, version, content, needs_legal_review, published_at, published_by, reviewed_at, reviewed_by)
        values (${language}, ${version}, ${tx.json(text as never)}, ${!lawyerReviewed}, ${now}, ${staff.id},
          ${lawyerReviewed ? now : null}, ${lawyerReviewed ? staff.id : null})`;
      return { ...text, language, version, needsLegalReview: !lawyerReviewed } satisfies CurrentWaiverText;
    },
    audit: (published) => ({ action: 'waiver_text.publish', entity: 'waiver_text', entityId: null, before: null, after: { language, version: published.version, lawyerReviewed } }),
    // The public waiver page (/waiver, /es/waiver) shows the current text and its version.
    rebuild: (published) => `Waiver text ${published.version} published`,
  });
}

/** The owner confirms their lawyer reviewed a version: the screen stops saying it needs review. The text does not change. */
export async function confirmWaiverReview(db: Database, input: { language: Locale; version: string }, staff: Staff, audit: Audit, now: Date): Promise<{ language: Locale; version: string; reviewedAt: string }> {
  return auditedChange(db, audit, {
    lock: async (tx) => {
      const [row] = await tx<{ reviewed_at: Date | null }[]>`
        select reviewed_at from waiver_texts where language = ${input.language} and version = ${input.version} for update`;
      if (!row) throw new AppError('not_found', 'No such version of the waiver.', { version: 'No such version of the waiver' });
      return row;
    },
    change: async (tx, row) => {
      if (row.reviewed_at) return { ...input, reviewedAt: row.reviewed_at.toISOString() };
      await tx`update waiver_texts set reviewed_at = ${now}, reviewed_by = ${staff.id} where language = ${input.language} and version = ${input.version}`;
      return { ...input, reviewedAt: now.toISOString() };
    },
    audit: (result, row) => ({ action: 'waiver_text.review', entity: 'waiver_text', entityId: null, before: { reviewedAt: row.reviewed_at?.toISOString() ?? null }, after: result }),
  });
}
