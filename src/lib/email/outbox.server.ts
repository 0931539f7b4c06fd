import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { env } from '../config';
import { type Sql, callJson } from '../db/index.server';
import { runningOnNetlify } from '../runtime/index.server';
import { composeMessage } from './mime.server';
import type { RenderedEmail } from './rendered-email';
import { mailDelivery, mailStatus, type MailStatus } from './mail-delivery';

/**
 * Mail is stored first (outbound_emails) and sent from there, so a mail outage loses nothing:
 * failed sends are retried with backoff by deliverPending.
 */
export async function queueEmail(sql: Sql, template: string, email: RenderedEmail, now: Date): Promise<string> {
  const [id] = await queueEmails(sql, [{ template, email }], now);
  return id!;
}

/** A message to store: which e-mail it is, and what it says. */
export interface OutboxMessage {
  template: string;
  email: RenderedEmail;
}

/** Several messages in one insert; their ids in the order given. */
export async function queueEmails(sql: Sql, messages: OutboxMessage[], now: Date): Promise<string[]> {
  const rows = outboxRows(messages, now, false);
  await insertEmails(sql, rows);
  return rows.map((m) => m.id);
}

/** A message stored and claimed for sending (its attempt counted), with what sendClaimed needs. */
export interface ClaimedEmail {
  id: string;
  payload: RenderedEmail;
  attempts: number;
}

/**
 * For a request that sends its own mail at once: the messages are stored already claimed, as
 * deliverPending's claim would leave them (one attempt used, not due again for 5 minutes, so the
 * scheduled run leaves them alone meanwhile), in one statement instead of an insert and a claim.
 * Nothing is claimed while mail cannot leave (no SMTP on Netlify): the queue then waits, whole.
 */
export async function queueEmailsToSend(sql: Sql, messages: OutboxMessage[], now: Date): Promise<ClaimedEmail[]> {
  const { rows, claimed } = outboxRowsToSend(messages, now);
  await insertEmails(sql, rows);
  return claimed;
}

/**
 * queueEmailsToSend's rows, for a caller that stores them within a statement of its own (a booking
 * stores its confirmations in its one call): `claimed` is then what to give sendClaimed. Each row
 * carries its id, made here, so nothing need be read back. `alsoQueue`: messages stored in the same
 * statement but left to the scheduled run (not claimed).
 */
export function outboxRowsToSend(messages: OutboxMessage[], now: Date, alsoQueue: OutboxMessage[] = []) {
  const claim = messages.length > 0 && transport() !== null;
  const toSend = outboxRows(messages, now, claim);
  return {
    rows: [...toSend, ...outboxRows(alsoQueue, now, false)],
    // A claimed row is stored with its first attempt counted.
    claimed: claim ? toSend.map((r): ClaimedEmail => ({ id: r.id, payload: r.payload, attempts: r.attempts })) : [],
  };
}

type OutboxRow = ReturnType<typeof outboxRows>[number];

const outboxRows = (messages: OutboxMessage[], now: Date, claim: boolean) =>
  messages.map(({ template, email }) => ({
    id: randomUUID(),
    to_address: email.to,
    subject: email.subject,
    template,
    payload: email,
    attempts: claim ? 1 : 0,
    next_attempt_at: claim ? new Date(now.getTime() + CLAIM_MINUTES * 60_000) : now,
    created_at: now,
  }));

async function insertEmails(sql: Sql, rows: OutboxRow[]): Promise<void> {
  await sql`
    insert into outbound_emails ${sql(
      rows.map((r) => ({ ...r, payload: sql.json(r.payload as never) })),
      'id',
      'to_address',
      'subject',
      'template',
      'payload',
      'attempts',
      'next_attempt_at',
      'created_at',
    )}`;
}

/** How long a claimed message is left to its sender before the scheduled run may try it again. */
const CLAIM_MINUTES = 5;
const MAX_ATTEMPTS = 8;
const backoffMinutes = (attempt: number) => Math.min(2 ** attempt, 240);

let transporter: Transporter | undefined;

/**
 * The local outbox (no SMTP, not on Netlify): messages become .eml files (writeOutboxFile), written
 * by send itself. nodemailer's stream transport stands for it where a Transporter is expected; it
 * sends nothing.
 */
const localOutbox: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/** How mail leaves this site as configured (see mailDelivery). */
export function currentMailStatus(): MailStatus {
  return mailStatus(mailDelivery({ smtpConfigured: Boolean(env().SMTP_URL), onNetlify: runningOnNetlify() }));
}

/** SMTP when SMTP_URL is set; a stream whose messages become .eml files locally; none on Netlify without SMTP. */
function transport(): Transporter | null {
  const { delivery } = currentMailStatus();
  if (delivery === 'not-configured') return null;
  if (transporter) return transporter;
  if (delivery === 'smtp') smtpUrlTransport = transporter = nodemailer.createTransport(env().SMTP_URL);
  else transporter = localOutbox;
  return transporter;
}

/** The transport made from SMTP_URL (not one a test gave), which batches replace (batchTransport). */
let smtpUrlTransport: Transporter | undefined;

/**
 * What one batch of messages goes out through: a booking's confirmation and notice, a scheduled run's
 * twenty. Over SMTP_URL the whole batch shares one connection, closed when the batch is done, where
 * nodemailer's SMTP transport opens one a message (its own connect, TLS handshake and login each, and
 * under a rush of bookings as many connections as messages, which mail providers throttle). Anything
 * else, and a batch of one, as it is. Parameters in SMTP_URL itself (its own pool=…) win.
 */
function batchTransport(out: Transporter, messages: number): Transporter {
  if (out !== smtpUrlTransport || messages < 2) return out;
  return nodemailer.createTransport({ url: env().SMTP_URL, pool: true, maxConnections: 1 });
}

/** For tests: use a given transport (e.g. one that fails) instead of the configured one. */
export function useTransport(next: Transporter | undefined): void {
  transporter = next;
}

let toldNotConfigured = false;

export function outboxDir(): string {
  return path.resolve(env().DATA_DIR, 'outbox');
}

/** nodemailer's message options for a stored e-mail. */
const mailOptions = (email: RenderedEmail, from: string): Mail.Options => ({
  from,
  to: email.to,
  ...(email.replyTo ? { replyTo: email.replyTo } : {}),
  subject: email.subject,
  text: email.text,
  html: email.html,
  ...(email.headers ? { headers: email.headers } : {}),
  ...(email.ics ? { icalEvent: { filename: 'invite.ics', method: /^METHOD:(\w+)/m.exec(email.ics)?.[1] ?? 'PUBLISH', content: email.ics } } : {}),
  ...(email.attachments?.length
    ? { attachments: email.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.contentBase64, encoding: 'base64' })) }
    : {}),
});

/**
 * The message is composed by composeMessage (nodemailer's bytes, without its streams: see
 * mime.server.ts) and handed over whole: to the SMTP server as a raw message with its envelope, or,
 * locally, straight into its .eml file. A transport given by useTransport gets the same raw message.
 */
async function send(out: Transporter, email: RenderedEmail, from: string): Promise<void> {
  const local = out === localOutbox;
  const options = mailOptions(email, from);
  const composed = composeMessage(options, local ? 'unix' : 'windows');
  if (!composed) {
    // A part composeMessage does not write: nodemailer composes and sends it the usual way.
    const info = await out.sendMail(options);
    if (local) writeLocalMessage(email, info.messageId, (info as { message: Buffer }).message);
    return;
  }
  if (local) writeLocalMessage(email, composed.messageId, composed.message);
  else await out.sendMail({ envelope: composed.envelope as Mail.Envelope, raw: composed.message });
}

function writeLocalMessage(email: RenderedEmail, messageId: string, message: Buffer): void {
  const safe = email.to.replace(/[^a-z0-9@._-]/gi, '_');
  writeOutboxFile(outboxDir(), `${Date.now()}-${safe}-${messageId.replace(/[<>@]/g, '')}.eml`, message);
}

/**
 * The local outbox (no SMTP, not on Netlify): one .eml file per message. Written synchronously: a few
 * kilobytes to the local disk take less time than handing them to the thread pool and back (measured:
 * a fifth of a message's cost). The folder is made once per process, not before every message; a
 * folder removed meanwhile is made again.
 */
const outboxFolders = new Set<string>();
function writeOutboxFile(dir: string, name: string, message: Buffer): void {
  if (!outboxFolders.has(dir)) {
    mkdirSync(dir, { recursive: true });
    outboxFolders.add(dir);
  }
  try {
    writeFileSync(path.join(dir, name), message);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, name), message);
  }
}

/**
 * Sends what is due; returns how many went out. Never throws for a mail failure: it is recorded and retried.
 * `only`: just these messages, so a request's answer does not wait for a backlog others queued (a
 * request that stores its mail itself can use queueEmailsToSend and sendClaimed: one statement fewer).
 */
export async function deliverPending(sql: Sql, now: Date, from: string, limit = 20, only?: string[]): Promise<number> {
  const out = transport();
  if (!out) {
    // Nothing is claimed, so no attempt is used up: the queue waits, whole, for SMTP_URL.
    if (!toldNotConfigured) {
      toldNotConfigured = true;
      console.warn(`${currentMailStatus().message} (A Netlify function cannot keep .eml files: its disk is read-only.)`);
    }
    return 0;
  }
  const due = await sql<ClaimedEmail[]>`
    update outbound_emails set attempts = attempts + 1, next_attempt_at = ${now}::timestamptz + ${`${CLAIM_MINUTES} minutes`}::interval
    where id in (
      select id from outbound_emails where status = 'pending' and next_attempt_at <= ${now}
        ${only ? sql`and id = any(${only}::uuid[])` : sql``}
      order by created_at limit ${limit} for update skip locked)
    returning id, payload, attempts`;
  return sendClaimed(sql, due, now, from, out);
}

/** Sends claimed messages; returns how many went out. A failure is recorded and retried with backoff, never thrown. */
export async function sendClaimed(sql: Sql, claimed: ClaimedEmail[], now: Date, from: string, out = transport()): Promise<number> {
  if (!out || claimed.length === 0) return 0;
  const batch = batchTransport(out, claimed.length);
  const sent: string[] = [];
  try {
    for (const mail of claimed) {
      try {
        await send(batch, mail.payload, from);
        sent.push(mail.id);
      } catch (error) {
        const message = (error as Error).message.slice(0, 500);
        console.error(`Mail ${mail.id} to ${mail.payload.to} failed (attempt ${mail.attempts}): ${message}`);
        const retryAt = new Date(now.getTime() + backoffMinutes(mail.attempts) * 60_000);
        await sql`
          update outbound_emails set last_error = ${message}, next_attempt_at = ${retryAt},
            status = ${mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending'}
          where id = ${mail.id}`;
      }
    }
  } finally {
    if (batch !== out) batch.close();
  }
  if (sent.length > 0) await markSent(sql, sent, now);
  return sent.length;
}

interface SentBatch {
  sent: { id: string; at: Date }[];
  done: Promise<void>;
  settle: (error?: unknown) => void;
}

/** Per pool (or transaction): whether a marking statement is in flight, and the batch waiting for it. */
const marking = new WeakMap<Sql, { busy: boolean; waiting: SentBatch | null }>();

/**
 * Records messages as sent at `at`. One marking statement per pool at a time: while one is in flight,
 * the messages other requests sent meanwhile wait for it and then go together in the next
 * (mark_emails_sent_at, supabase/migrations/20261129170000_booking_admission.sql), so under a burst of
 * bookings a booking's mail costs the database less than a round trip of its own, and alone it goes
 * at once, as before. Resolves (or fails) when its own messages are marked.
 */
function markSent(sql: Sql, ids: string[], at: Date): Promise<void> {
  let state = marking.get(sql);
  if (!state) marking.set(sql, (state = { busy: false, waiting: null }));
  const sent = ids.map((id) => ({ id, at }));
  if (!state.busy) {
    state.busy = true;
    return markBatch(sql, state, sent);
  }
  if (!state.waiting) {
    let settle!: SentBatch['settle'];
    const done = new Promise<void>((resolve, reject) => (settle = (error) => (error === undefined ? resolve() : reject(error))));
    state.waiting = { sent: [], done, settle };
  }
  state.waiting.sent.push(...sent);
  return state.waiting.done;
}

async function markBatch(sql: Sql, state: { busy: boolean; waiting: SentBatch | null }, sent: SentBatch['sent']): Promise<void> {
  try {
    await callJson(sql, 'mark_emails_sent_at', { sent });
  } finally {
    const next = state.waiting;
    state.waiting = null;
    if (next) markBatch(sql, state, next.sent).then(() => next.settle(), (error: unknown) => next.settle(error ?? new Error('Marking sent mail failed.')));
    else state.busy = false;
  }
}
