import type { Audit } from '../auth/index.server';
import type { Database, Sql } from '../db/index.server';
import { likePattern, offsetOf, pageOf, type Page } from '../lists';
import type { SuggestionListQuery, SuggestionUpdateInput } from './suggestions-admin-input';
import { auditedChange, lockedRow } from '../admin/index.server';

export interface SuggestionItem {
  id: string;
  what: string;
  why: string;
  link: string | null;
  name: string | null;
  email: string | null;
  status: 'new' | 'reviewed';
  staffNote: string;
  createdAt: string;
  reviewedAt: string | null;
}

export interface SuggestionPage extends Page<SuggestionItem> {
  /** How many are still waiting for a look, whatever the filter. */
  newCount: number;
}

/** The table's row: the item's own fields as they are, the rest in the database's names and types. */
interface SuggestionRow extends Omit<SuggestionItem, 'staffNote' | 'createdAt' | 'reviewedAt'> {
  staff_note: string;
  created_at: Date;
  reviewed_at: Date | null;
}

const toItem = (r: SuggestionRow): SuggestionItem => ({
  id: r.id,
  what: r.what,
  why: r.why,
  link: r.link,
  name: r.name,
  email: r.email,
  status: r.status,
  staffNote: r.staff_note,
  createdAt: r.created_at.toISOString(),
  reviewedAt: r.reviewed_at?.toISOString() ?? null,
});

const sorts: Record<SuggestionListQuery['sort'], string> = { created: 'created_at', what: 'what', status: 'status' };
const columns = (sql: Sql) => sql`id, what, why, link, name, email, status, staff_note, created_at, reviewed_at`;

export async function listSuggestions(sql: Sql, query: SuggestionListQuery): Promise<SuggestionPage> {
  const search = query.q ? likePattern(query.q) : null;
  const rows = await sql<(SuggestionRow & { total: number })[]>`
    select ${columns(sql)}, count(*) over ()::int as total from product_suggestions
    where true
      ${search ? sql`and (what ilike ${search} or why ilike ${search} or name ilike ${search} or email ilike ${search} or staff_note ilike ${search})` : sql``}
      ${query.status ? sql`and status = ${query.status}` : sql``}
    order by ${sql(sorts[query.sort])} ${sql.unsafe(query.dir)}, created_at desc
    limit ${query.pageSize} offset ${offsetOf(query)}`;
  const [waiting] = await sql<{ n: number }[]>`select count(*)::int as n from product_suggestions where status = 'new'`;
  return { ...pageOf(query, rows.map(toItem), rows[0]?.total ?? 0), newCount: waiting!.n };
}

/** Marks a suggestion reviewed (or back to new) and/or keeps a note on what was decided. */
export async function updateSuggestion(sql: Database, id: string, input: SuggestionUpdateInput, audit: Audit, now: Date): Promise<SuggestionItem> {
  const { after } = await auditedChange(sql, audit, {
    lock: async (tx) => lockedRow(await tx<SuggestionRow[]>`select ${columns(tx)} from product_suggestions where id = ${id} for update`, 'No such product suggestion.'),
    change: async (tx, before) => {
      const status = input.status ?? before.status;
      const staffNote = input.staffNote ?? before.staff_note;
      const reviewedAt = status === 'reviewed' ? (before.status === 'reviewed' ? before.reviewed_at : now) : null;
      const [after] = await tx<SuggestionRow[]>`
        update product_suggestions set status = ${status}, staff_note = ${staffNote}, reviewed_at = ${reviewedAt}
        where id = ${id} returning ${columns(tx)}`;
      return { status, staffNote, after: after! };
    },
    audit: ({ status, staffNote }, before) => ({
      action: status !== before.status ? `product_suggestion.${status === 'reviewed' ? 'review' : 'reopen'}` : 'product_suggestion.note',
      entity: 'product_suggestion',
      entityId: id,
      before: { status: before.status, staffNote: before.staff_note },
      after: { status, staffNote },
    }),
  });
  return toItem(after);
}
