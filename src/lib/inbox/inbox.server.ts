import type { ContactSummary } from './contact-emails';
import type { Audit, Staff } from '../auth/index.server';
import { likePattern, offsetOf, pageOf, type Page } from '../lists';
import type { Database, Sql } from '../db/index.server';
import { AppError } from '../http';
import type { InboxKind, InboxListQuery, InboxUpdateInput } from './inbox';
import { auditedChange, lockedRow } from '../admin/index.server';

export interface InboxMessage extends Omit<ContactSummary, 'kind'> {
  kind: InboxKind;
  id: string;
  createdAt: string;
  handledAt: string | null;
  handledBy: string | null;
}

export interface InboxPage extends Page<InboxMessage> {
  /** Messages waiting, whatever the tab and search (the menu's and the tab's count). */
  newCount: number;
}

/** What else we have from the same e-mail address, for the panel beside a message. */
export interface InboxHistory {
  message: InboxMessage;
  otherMessages: Pick<InboxMessage, 'id' | 'kind' | 'subject' | 'createdAt' | 'handledAt'>[];
  quotes: { id: string; number: string; eventDate: string; status: string; createdAt: string }[];
  bookings: { id: string; number: string; eventStart: string; status: string; totalCents: number }[];
  customerId: string | null;
}

/** The message's own columns share ContactSummary's names, but for the booking number. */
interface Row extends Omit<ContactSummary, 'bookingNumber' | 'kind'> {
  kind: InboxKind;
  id: string;
  booking_number: string | null;
  created_at: Date;
  handled_at: Date | null;
  handled_by: string | null;
}

const columns = (sql: Sql) => sql`id, kind, name, email, phone, subject, message, booking_number, language, created_at, handled_at, handled_by`;
const toMessage = (r: Row): InboxMessage => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  email: r.email,
  phone: r.phone,
  subject: r.subject,
  message: r.message,
  bookingNumber: r.booking_number,
  language: r.language ?? 'en',
  createdAt: r.created_at.toISOString(),
  handledAt: r.handled_at?.toISOString() ?? null,
  handledBy: r.handled_by,
});
const sorts: Record<InboxListQuery['sort'], string> = { created: 'created_at', name: 'name' };

export async function listInbox(sql: Sql, query: InboxListQuery): Promise<InboxPage> {
  const search = query.q ? likePattern(query.q) : null;
  const rows = await sql<(Row & { total: number })[]>`
    select ${columns(sql)}, count(*) over ()::int as total from contact_messages
    where true
      ${query.tab === 'new' ? sql`and handled_at is null` : query.tab === 'handled' ? sql`and handled_at is not null` : sql``}
      ${query.kind ? sql`and kind = ${query.kind}` : sql``}
      ${search ? sql`and (name ilike ${search} or email ilike ${search} or phone ilike ${search} or subject ilike ${search} or message ilike ${search} or booking_number ilike ${search})` : sql``}
    order by ${sql(sorts[query.sort])} ${sql.unsafe(query.dir)}, id
    limit ${query.pageSize} offset ${offsetOf(query)}`;
  const [waiting] = await sql<{ n: number }[]>`select count(*)::int as n from contact_messages where handled_at is null`;
  return { ...pageOf(query, rows.map(toMessage), rows[0]?.total ?? 0), newCount: waiting!.n };
}

/** One message with the customer's other messages, quote requests and bookings (matched by e-mail, any case). */
export async function inboxMessage(sql: Sql, id: string): Promise<InboxHistory> {
  const [row] = await sql<Row[]>`select ${columns(sql)} from contact_messages where id = ${id}`;
  if (!row) throw new AppError('not_found', 'No such message.');
  const email = row.email.toLowerCase();
  const [others, quotes, bookings, customers] = await Promise.all([
    sql<Row[]>`select ${columns(sql)} from contact_messages where lower(email) = ${email} and id <> ${id} order by created_at desc limit 20`,
    sql<{ id: string; number: string; event_date: string; status: string; created_at: Date }[]>`
      select id, number, event_date::text, status, created_at from quotes where lower(email) = ${email} order by created_at desc limit 20`,
    sql<{ id: string; number: string; event_start: Date; status: string; total_cents: number }[]>`
      select b.id, b.number, b.event_start, b.status, b.total_cents from bookings b
      where lower(b.contact_email) = ${email} order by b.event_start desc limit 20`,
    sql<{ id: string }[]>`select id from customers where lower(email) = ${email}`,
  ]);
  return {
    message: toMessage(row),
    otherMessages: others.map((o) => ({ id: o.id, kind: o.kind, subject: o.subject, createdAt: o.created_at.toISOString(), handledAt: o.handled_at?.toISOString() ?? null })),
    quotes: quotes.map((q) => ({ id: q.id, number: q.number, eventDate: q.event_date, status: q.status, createdAt: q.created_at.toISOString() })),
    bookings: bookings.map((b) => ({ id: b.id, number: b.number, eventStart: b.event_start.toISOString(), status: b.status, totalCents: b.total_cents })),
    customerId: customers[0]?.id ?? null,
  };
}

/** Marks a message handled by this staff member, or new again; audited in the same transaction. */
export async function setHandled(db: Database, id: string, input: InboxUpdateInput, staff: Staff, audit: Audit, now: Date): Promise<InboxMessage> {
  const { after } = await auditedChange(db, audit, {
    lock: async (tx) => lockedRow(await tx<Row[]>`select ${columns(tx)} from contact_messages where id = ${id} for update`, 'No such message.'),
    change: async (tx, before) => {
      const handledAt = input.handled ? (before.handled_at ?? now) : null;
      const handledBy = input.handled ? (before.handled_by ?? staff.email) : null;
      const [after] = await tx<Row[]>`
        update contact_messages set handled_at = ${handledAt}, handled_by = ${handledBy}, status = ${input.handled ? 'answered' : 'new'}
        where id = ${id} returning ${columns(tx)}`;
      return { handledAt, handledBy, after: after! };
    },
    audit: ({ handledAt, handledBy }, before) => ({
      action: input.handled ? 'contact_message.handled' : 'contact_message.reopen',
      entity: 'contact_message',
      entityId: id,
      before: { handledAt: before.handled_at?.toISOString() ?? null, handledBy: before.handled_by },
      after: { handledAt: handledAt?.toISOString() ?? null, handledBy },
    }),
  });
  return toMessage(after);
}
