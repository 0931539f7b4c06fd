import { randomBytes } from 'node:crypto';
import type { Database, Sql } from '../db/index.server';
import type { Audit } from '../auth/index.server';
import { isDemoBusiness } from '../business/index.server';
import { AppError } from '../http';
import { type AccountingSettingsInput, accountingMappingSchema } from './accounting-mapping';
import { authorizationUrl, exchangeCode, IntuitGrantRefused, intuitApp, revokeToken } from './intuit-oauth.server';
import { storeTokens } from './quickbooks-session.server';
import { decryptToken } from './token-crypto.server';

/** How long the owner has at Intuit's consent screen before the `state` of the connection lapses. */
const STATE_MINUTES = 15;
/** An item waiting longer than this, or failed, is "stuck": the dashboard says so. */
export const STUCK_AFTER_MINUTES = 60;

export interface AccountingStatus {
  /** The Intuit app's variables are set. */
  configured: boolean;
  /** The site is still the demo business: nothing is queued or sent, whatever the connection. */
  isDemo: boolean;
  status: 'connected' | 'broken' | 'disconnected';
  realmId: string | null;
  connectedAt: string | null;
  connectedBy: string | null;
  brokenReason: string | null;
  mapping: unknown;
  mappingComplete: boolean;
  deferDeposits: boolean;
  counts: { waiting: number; failed: number; sent: number };
  /** Failed items, and items waiting for more than an hour. */
  stuck: number;
}

export async function accountingStatus(sql: Sql, now: Date): Promise<AccountingStatus> {
  const [[row], [counts], isDemo] = await Promise.all([
    sql<{ status: AccountingStatus['status']; realm_id: string | null; connected_at: Date | null; connected_by: string | null; broken_reason: string | null; mapping: unknown; defer_deposits: boolean }[]>`
      select status, realm_id, connected_at, connected_by, broken_reason, mapping, defer_deposits from accounting_connections where id`,
    sql<{ waiting: number; failed: number; sent: number; stuck: number }[]>`
      select count(*) filter (where status = 'waiting')::int as waiting, count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'sent')::int as sent,
        count(*) filter (where status = 'failed' or (status = 'waiting' and coalesce(not_before, created_at) < ${now}::timestamptz - ${`${STUCK_AFTER_MINUTES} minutes`}::interval))::int as stuck
      from accounting_queue`,
    isDemoBusiness(sql),
  ]);
  return {
    configured: intuitApp() !== null,
    isDemo,
    status: row?.status ?? 'disconnected',
    realmId: row?.realm_id ?? null,
    connectedAt: row?.connected_at?.toISOString() ?? null,
    connectedBy: row?.connected_by ?? null,
    brokenReason: row?.broken_reason ?? null,
    mapping: row?.mapping ?? {},
    mappingComplete: accountingMappingSchema.safeParse(row?.mapping ?? {}).success,
    deferDeposits: row?.defer_deposits ?? true,
    counts: { waiting: counts?.waiting ?? 0, failed: counts?.failed ?? 0, sent: counts?.sent ?? 0 },
    stuck: row?.status === 'disconnected' ? 0 : (counts?.stuck ?? 0),
  };
}

/** The dashboard's question, from the database alone: is the connection broken, and how many items are stuck? */
export async function accountingAlert(sql: Sql, now: Date): Promise<{ broken: boolean; brokenReason: string | null; stuck: number; failed: number } | null> {
  const [row] = await sql<{ status: string; broken_reason: string | null; stuck: number; failed: number }[]>`
    select c.status, c.broken_reason,
      (select count(*) from accounting_queue q where q.status = 'failed')::int as failed,
      (select count(*) from accounting_queue q
       where q.status = 'failed' or (q.status = 'waiting' and coalesce(q.not_before, q.created_at) < ${now}::timestamptz - ${`${STUCK_AFTER_MINUTES} minutes`}::interval))::int as stuck
    from accounting_connections c where c.id and c.status <> 'disconnected'`;
  if (!row || (row.status !== 'broken' && row.stuck === 0)) return null;
  return { broken: row.status === 'broken', brokenReason: row.broken_reason, stuck: row.stuck, failed: row.failed };
}

function requireApp() {
  const app = intuitApp();
  if (!app) throw new AppError('conflict', 'QuickBooks is not set up on this site: set QUICKBOOKS_CLIENT_ID, QUICKBOOKS_CLIENT_SECRET and QUICKBOOKS_TOKEN_KEY (docs/operations.md).');
  return app;
}

/** Step one of connecting: the address of Intuit's consent screen, with a `state` kept to check the way back. */
export async function startConnection(sql: Sql, redirectUri: string, now: Date): Promise<{ url: string }> {
  const app = requireApp();
  const state = randomBytes(24).toString('base64url');
  await sql`
    insert into accounting_connections (id, status, oauth_state, oauth_state_expires_at, updated_at)
    values (true, 'disconnected', ${state}, ${new Date(now.getTime() + STATE_MINUTES * 60_000)}, ${now})
    on conflict (id) do update set oauth_state = excluded.oauth_state, oauth_state_expires_at = excluded.oauth_state_expires_at, updated_at = excluded.updated_at`;
  return { url: authorizationUrl(app, redirectUri, state) };
}

/**
 * Intuit's redirect back: the code is exchanged for tokens, which are stored encrypted. A different
 * QuickBooks company than before starts afresh (nothing sent to the old one counts for the new one);
 * what to send to it is the owner's choice ("send again from this date").
 */
export async function finishConnection(sql: Database, input: { code: string; state: string; realmId: string }, redirectUri: string, staff: { email: string; audit: Audit }, now: Date): Promise<void> {
  const app = requireApp();
  const [pending] = await sql<{ oauth_state: string | null; oauth_state_expires_at: Date | null; realm_id: string | null }[]>`
    select oauth_state, oauth_state_expires_at, realm_id from accounting_connections where id`;
  if (!pending?.oauth_state || pending.oauth_state !== input.state || !pending.oauth_state_expires_at || pending.oauth_state_expires_at < now) {
    throw new AppError('validation', 'This QuickBooks connection was not started here or took too long: press Connect again.', { state: 'Press Connect again.' });
  }
  let tokens;
  try {
    tokens = await exchangeCode(app, input.code, redirectUri, now);
  } catch (error) {
    if (error instanceof IntuitGrantRefused) throw new AppError('validation', error.message, { code: error.message });
    throw error;
  }
  await sql.begin(async (tx) => {
    if (pending.realm_id && pending.realm_id !== input.realmId) {
      await tx`delete from accounting_objects`;
      await tx`delete from accounting_queue where status <> 'sent'`;
      await tx`update accounting_queue set dedupe_key = null where dedupe_key is not null`;
    }
    await tx`
      update accounting_connections set status = 'connected', realm_id = ${input.realmId}, oauth_state = null, oauth_state_expires_at = null,
        broken_reason = null, connected_at = ${now}, connected_by = ${staff.email}, sending_until = null, updated_at = ${now}
      where id`;
    await storeTokens(tx, tokens, now);
    await staff.audit(tx, { action: 'accounting.connected', entity: 'accounting', entityId: input.realmId, before: { realmId: pending.realm_id }, after: { realmId: input.realmId } });
  });
}

/** Disconnects: the grant is revoked at Intuit (best effort), the tokens are forgotten, nothing more is queued. */
export async function disconnect(sql: Database, audit: Audit, now: Date): Promise<void> {
  const app = intuitApp();
  const [row] = await sql<{ refresh_token_enc: string | null; realm_id: string | null }[]>`select refresh_token_enc, realm_id from accounting_connections where id`;
  if (app && row?.refresh_token_enc) {
    try {
      await revokeToken(app, decryptToken(row.refresh_token_enc));
    } catch (error) {
      console.error('Reading the QuickBooks token to revoke it failed:', error);
    }
  }
  await sql.begin(async (tx) => {
    await tx`
      update accounting_connections set status = 'disconnected', access_token_enc = null, refresh_token_enc = null, access_expires_at = null,
        refresh_expires_at = null, sending_until = null, updated_at = ${now}
      where id`;
    await audit(tx, { action: 'accounting.disconnected', entity: 'accounting', entityId: row?.realm_id ?? null });
  });
}

export async function saveAccountingSettings(sql: Database, input: AccountingSettingsInput, audit: Audit, now: Date): Promise<void> {
  await sql.begin(async (tx) => {
    const [before] = await tx<{ mapping: unknown; defer_deposits: boolean }[]>`select mapping, defer_deposits from accounting_connections where id for update`;
    if (!before) throw new AppError('conflict', 'Connect QuickBooks first: the mapping names its items and accounts.');
    await tx`update accounting_connections set mapping = ${tx.json(input.mapping)}, defer_deposits = ${input.deferDeposits}, updated_at = ${now} where id`;
    await audit(tx, { action: 'accounting.mapping_saved', entity: 'accounting', entityId: 'mapping', before: { mapping: before.mapping, deferDeposits: before.defer_deposits }, after: input });
  });
}

export interface QueueEntry {
  id: string;
  kind: string;
  bookingNumber: string | null;
  customerName: string | null;
  status: 'waiting' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  qboType: string | null;
  qboId: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
  notBefore: string | null;
}

/** The sync log: newest first, optionally one state. */
export async function accountingLog(sql: Sql, options: { status?: QueueEntry['status'] | undefined; limit?: number; offset?: number } = {}): Promise<QueueEntry[]> {
  const rows = await sql<{ id: string; kind: string; number: string | null; name: string | null; status: QueueEntry['status']; attempts: number; last_error: string | null; qbo_type: string | null; qbo_id: string | null; created_at: Date; sent_at: Date | null; next_attempt_at: Date; not_before: Date | null }[]>`
    select q.id, q.kind, b.number, c.name, q.status, q.attempts, q.last_error, q.qbo_type, q.qbo_id, q.created_at, q.sent_at, q.next_attempt_at, q.not_before
    from accounting_queue q left join bookings b on b.id = q.booking_id left join customers c on c.id = q.customer_id
    ${options.status ? sql`where q.status = ${options.status}` : sql``}
    order by q.seq desc limit ${options.limit ?? 50} offset ${options.offset ?? 0}`;
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    bookingNumber: r.number,
    customerName: r.name,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    qboType: r.qbo_type,
    qboId: r.qbo_id,
    createdAt: r.created_at.toISOString(),
    sentAt: r.sent_at?.toISOString() ?? null,
    nextAttemptAt: r.next_attempt_at.toISOString(),
    notBefore: r.not_before?.toISOString() ?? null,
  }));
}

/** A failed item goes back in the queue, due now (its request id unchanged: nothing can be made twice). */
export async function retryItem(sql: Database, id: string, audit: Audit, now: Date): Promise<void> {
  await sql.begin(async (tx) => {
    const [row] = await tx<{ kind: string }[]>`
      update accounting_queue set status = 'waiting', next_attempt_at = ${now}, attempts = 0 where id = ${id} and status in ('failed', 'waiting') returning kind`;
    if (!row) throw new AppError('not_found', 'No such item waiting or failed in the sync log.');
    await audit(tx, { action: 'accounting.retried', entity: 'accounting_queue', entityId: id, before: { kind: row.kind } });
  });
}

/**
 * "Send again from this date", for a fresh connection: every booking of the business (never the
 * demo's) whose party is on or after `date` and that is confirmed, with its payments, refunds and
 * credits, and the Stripe payouts that reached the bank on or after it, is queued in the order things happened. What is already queued or sent is left alone.
 */
export async function resendFrom(sql: Database, date: string, timeZone: string, audit: Audit): Promise<{ queued: number }> {
  return sql.begin(async (tx) => {
    const [connection] = await tx<{ status: string }[]>`select status from accounting_connections where id`;
    if (connection?.status !== 'connected') throw new AppError('conflict', 'Connect QuickBooks first.');
    const live = ['confirmed', 'out_for_delivery', 'delivered', 'completed'];
    const bookings = tx`
      select b.id, b.customer_id, b.created_at, b.event_start from bookings b
      where not b.demo and b.status = any(${live}::text[]) and b.event_start >= (${date}::date)::timestamp at time zone ${timeZone}`;
    const inserted = await tx<{ n: number }[]>`
      with chosen as (${bookings}),
      jobs as (
        select b.id as booking_id, b.customer_id, 'customer' as kind, 0 as rank, null::uuid as source_id, 'customer:' || b.customer_id as dedupe_key, b.created_at as at, null::timestamptz as not_before from chosen b
        union all
        select b.id, b.customer_id, 'invoice', 1, null, 'invoice:' || b.id, b.created_at, null from chosen b
        union all
        select b.id, b.customer_id, case when p.kind = 'refund' then 'refund' else 'payment' end, 2, p.id,
          (case when p.kind = 'refund' then 'refund:' else 'payment:' end) || p.id, p.created_at, null
        from chosen b join payments p on p.booking_id = b.id
        where p.status = 'succeeded' and not (p.kind = 'refund' and p.method = 'credit')
        union all
        select b.id, b.customer_id, 'deposit_income', 2, null, 'deposit_income:' || b.id, b.event_start, b.event_start from chosen b
        where exists (select 1 from accounting_connections where id and defer_deposits)
          and exists (select 1 from payments p where p.booking_id = b.id and p.kind <> 'refund' and p.status = 'succeeded' and p.created_at < b.event_start)
        union all
        select null, null, 'payout', 2, o.id, 'payout:' || o.stripe_payout_id, o.created_at, null from stripe_payouts o
        where not exists (select 1 from business_settings where id and is_demo) and o.arrival_date >= ${date}::date
      ),
      added as (
        insert into accounting_queue (booking_id, customer_id, kind, rank, source_id, dedupe_key, not_before)
        select booking_id, customer_id, kind, rank, source_id, dedupe_key, not_before from jobs order by at, rank
        on conflict (dedupe_key) do nothing
        returning 1
      )
      select count(*)::int as n from added`;
    const queued = inserted[0]?.n ?? 0;
    await audit(tx, { action: 'accounting.resent', entity: 'accounting', entityId: date, after: { from: date, queued } });
    return { queued };
  });
}
