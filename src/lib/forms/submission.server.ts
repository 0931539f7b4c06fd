import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { newReference } from '../reference/index.server';
import { env } from '../config';
import type { Database, Sql } from '../db/index.server';
import { sendQueuedMail } from '../email/index.server';
import { validationError } from '../http';

export type FormBody<T> = { spam: true } | { spam: false; data: T };

/** True when the hidden `website` field was filled in: only bots do that. */
export function isSpam(raw: unknown): boolean {
  const website = (raw as { website?: unknown } | null)?.website;
  return typeof website === 'string' && website.trim() !== '';
}

/**
 * Validates an already-read body. The honeypot is looked at first, so a bot gets a plain success
 * whatever else it sent (a 400 would teach it which fields to fix).
 */
export function parseFormValue<S extends z.ZodType>(raw: unknown, schema: S): FormBody<z.infer<S>> {
  if (isSpam(raw)) return { spam: true };
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(result.error);
  return { spam: false, data: result.data };
}

/** The customer record with this e-mail, if they booked before: quotes and cake orders link to it. */
export async function customerIdFor(sql: Sql, email: string): Promise<string | null> {
  const [row] = await sql<{ id: string }[]>`select id from customers where lower(email) = ${email.toLowerCase()}`;
  return row?.id ?? null;
}

/**
 * Inserts a submission that carries a new reference number (Q-…, CK-…). `insert` must use
 * `on conflict do nothing` and return the row. Returns null when this submission id was stored
 * before (a double submit); a clash on the random reference itself is retried with a new one.
 */
export async function insertWithReference<R>(
  tx: Sql,
  table: 'quotes' | 'cake_orders',
  submissionId: string,
  prefix: string,
  insert: (reference: string) => Promise<R[]>,
): Promise<R | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await insert(newReference(prefix));
    if (row) return row;
    const [previous] = await tx`select 1 from ${tx(table)} where submission_id = ${submissionId}`;
    if (previous) return null;
  }
  throw new Error(`No free ${prefix} reference after 5 attempts`);
}

/**
 * Stores a form's submission once: its row (`columns`, with its submission id and `now` as created_at)
 * is inserted with `on conflict (submission_id) do nothing` and, when new, `notify` queues its e-mails
 * in the same transaction. A repeated submit answers with the first row's id and sends nothing;
 * otherwise the queued mail goes out after the commit.
 */
export async function storeSubmissionOnce(
  sql: Database,
  table: 'contact_messages' | 'product_suggestions',
  submissionId: string,
  now: Date,
  columns: Record<string, string | null>,
  notify: (tx: Sql, id: string) => Promise<void>,
): Promise<{ received: { reference: string }; replay: boolean }> {
  const stored = await sql.begin(async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      insert into ${tx(table)} ${tx({ submission_id: submissionId, ...columns, created_at: now })}
      on conflict (submission_id) do nothing
      returning id`;
    if (!row) return null;
    await notify(tx, row.id);
    return row.id;
  });
  if (!stored) {
    const [first] = await sql<{ id: string }[]>`select id from ${sql(table)} where submission_id = ${submissionId}`;
    return { received: { reference: first!.id }, replay: true };
  }
  await sendQueuedMail(sql, now);
  return { received: { reference: stored }, replay: false };
}

/** Where staff notices go. */
export const businessInbox = (settingsEmail: string) => env().BUSINESS_NOTIFY_EMAIL ?? settingsEmail;

/** What a bot that filled the honeypot is told: a believable answer, nothing stored. */
export const spamReceivedAnswer = (): { reference: string } => ({ reference: randomUUID() });
