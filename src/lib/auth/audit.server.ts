import type { Sql } from '../db/index.server';
import type { Staff } from './staff-session.server';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Writes an entry for the signed-in staff member, in the transaction given (the one that made the change). */
export type Audit = (sql: Sql, entry: AuditEntry) => Promise<void>;

/** Who changed what, with the values before and after; written in the same transaction as the change. */
export async function writeAudit(sql: Sql, actor: Staff, ip: string, entry: AuditEntry): Promise<void> {
  await sql`
    insert into audit_log (actor_id, actor_email, action, entity, entity_id, before, after, ip_address)
    values (${actor.id}, ${actor.email}, ${entry.action}, ${entry.entity}, ${entry.entityId ?? null},
            ${entry.before === undefined ? null : sql.json(entry.before as never)},
            ${entry.after === undefined ? null : sql.json(entry.after as never)}, ${ip})`;
}

/**
 * An entry the site writes by itself (a reminder sent, a balance charged, a rain-out nobody answered):
 * no actor, `actor_kind` 'system', at `now`. The booking's history shows it as the site's.
 */
export async function writeSiteAudit(sql: Sql, entry: AuditEntry, now: Date): Promise<void> {
  await sql`
    insert into audit_log (actor_id, actor_email, actor_kind, action, entity, entity_id, before, after, created_at)
    values (null, null, 'system', ${entry.action}, ${entry.entity}, ${entry.entityId ?? null},
            ${entry.before === undefined ? null : sql.json(entry.before as never)},
            ${entry.after === undefined ? null : sql.json(entry.after as never)}, ${now})`;
}

/**
 * An audit writer for a change the booking's customer made themselves (with the booking's personal
 * link): no staff account, `actor_kind` 'customer' and the booking's contact e-mail as the actor.
 */
export const customerAudit =
  (customerEmail: string, ip: string | null): Audit =>
  async (sql, entry) => {
    await sql`
      insert into audit_log (actor_id, actor_email, actor_kind, action, entity, entity_id, before, after, ip_address)
      values (null, ${customerEmail}, 'customer', ${entry.action}, ${entry.entity}, ${entry.entityId ?? null},
              ${entry.before === undefined ? null : sql.json(entry.before as never)},
              ${entry.after === undefined ? null : sql.json(entry.after as never)}, ${ip})`;
  };
