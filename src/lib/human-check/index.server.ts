import type { z } from 'zod';
import { ConfigError, env } from '../config';
import { callJson, jsonCallText, type Sql } from '../db/index.server';
import { parseFormValue, type FormBody } from '../forms/index.server';
import { fieldError, validationError } from '../http';
import { rateLimit, rateLimited, rateLimitHit, trimRateLimits, type RateLimitRule } from '../http/index.server';
import { checkProof, createHumanCheckChallenge } from './challenge.server';
import type { Challenge } from 'altcha-lib';
import { decodeProof, HUMAN_CHECK_FIELD, humanCheckMessages, proofExpiresAt, type HumanCheckProof } from './proof';
import { deleteExpiredProofs, spendProof } from './spent-proofs.server';

/**
 * The server side of the human check. Handlers use `checkedForm` (forms with a honeypot and a
 * submissionId) or `checkedRequestWithinLimit` (the booking): the proof is verified before anything else, the
 * body is validated, and only then is the proof spent, so a refused request, for its proof or its
 * fields, writes nothing and a person who fixes a field sends the same proof again.
 */

export { deleteExpiredProofs };
export { createHumanCheckChallenge } from './challenge.server';

/** HUMAN_CHECK_SECRET: `npm start` makes one locally (DATA_DIR/human-check-secret); a deployed site sets it. */
export function humanCheckSecret(): string {
  const secret = env().HUMAN_CHECK_SECRET;
  if (!secret) throw new ConfigError('HUMAN_CHECK_SECRET is not set: the public forms cannot check that a person sent them (at least 32 characters; see .env.example).');
  return secret;
}

/** GET /api/human-check: a new challenge for a form. */
export const issueHumanCheckChallenge = (now: Date): Promise<Challenge> => createHumanCheckChallenge(humanCheckSecret(), now);

/** The proof in a JSON body (its `humanCheck` field). */
export function proofIn(raw: unknown): unknown {
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>)[HUMAN_CHECK_FIELD] : undefined;
}

async function verifiedProof(value: unknown, now: Date): Promise<HumanCheckProof> {
  const decoded = decodeProof(value);
  if (!decoded.ok) throw fieldError(HUMAN_CHECK_FIELD, humanCheckMessages[decoded.problem]);
  const verdict = await checkProof(humanCheckSecret(), decoded.proof, now);
  if (verdict !== 'passed') throw fieldError(HUMAN_CHECK_FIELD, humanCheckMessages[verdict]);
  return decoded.proof;
}

async function spend(sql: Sql, proof: HumanCheckProof, submissionId: string | null): Promise<void> {
  if (!(await spendProof(sql, proof.challenge.signature, submissionId, proofExpiresAt(proof.challenge)))) {
    throw fieldError(HUMAN_CHECK_FIELD, humanCheckMessages.used);
  }
}

/**
 * A public form's body (see parseFormValue) behind the human check. `proof` is the proof when it
 * does not travel in the body itself (a multipart field). A bot that filled the honeypot still needs
 * a valid proof, and is answered as before without spending it (nothing is stored either way).
 */
export async function checkedForm<S extends z.ZodType>(sql: Sql, raw: unknown, schema: S, now: Date, proof: unknown = proofIn(raw)): Promise<FormBody<z.infer<S>>> {
  const verified = await verifiedProof(proof, now);
  const form = parseFormValue(raw, schema);
  if (!form.spam) {
    const submissionId = (form.data as { submissionId?: unknown }).submissionId;
    await spend(sql, verified, typeof submissionId === 'string' ? submissionId : null);
  }
  return form;
}

/**
 * A request body without a honeypot or submission id (the booking) behind its rate limit and the
 * human check: the answers of `rateLimit`, then of the proof and the body, in one round trip for a
 * request that passes. The body is read and checked first (no database work); a request refused for
 * its body or its proof then counts its hit as before and gets the 429 when over the limit, else its
 * own refusal. A request that passes counts its hit and
 * spends its proof in one call (spend_proof_within_limit,
 * supabase/migrations/20261129170000_booking_admission.sql), which spends nothing over the limit.
 */
export async function checkedRequestWithinLimit<S extends z.ZodType>(
  sql: Sql,
  body: () => Promise<unknown>,
  schema: S,
  now: Date,
  rule: RateLimitRule,
): Promise<z.infer<S>> {
  const { data, admission } = await checkedRequest(sql, body, schema, now, rule);
  await admission.admit(await callJson<AdmissionVerdict>(sql, 'spend_proof_within_limit', admission.argument));
  return data;
}

type AdmissionVerdict = 'limited' | 'spent' | 'used';

/**
 * A request that passed its checks, and what admits it: its rate-limit hit and the spending of its
 * proof (spend_proof_within_limit). `statement` makes that call, for a caller that sends it with other
 * work in one round trip (the booking: transactionAfter, src/lib/db); `admit` reads its answer, and
 * throws the 429 or the proof's "already used" refusal when the request is not admitted.
 */
export interface Admission {
  argument: object;
  statement: string;
  admit(verdict: unknown): Promise<void>;
}

/**
 * checkedRequestWithinLimit without the admission's round trip: the body read and checked, its proof
 * verified, and a refused request's hit counted as before (one round trip, then its refusal); a
 * request that passes gets the Admission to run.
 */
export async function checkedRequest<S extends z.ZodType>(
  sql: Sql,
  body: () => Promise<unknown>,
  schema: S,
  now: Date,
  rule: RateLimitRule,
): Promise<{ data: z.infer<S>; admission: Admission }> {
  let checked: { proof: HumanCheckProof; data: z.infer<S> };
  try {
    const raw = await body();
    const proof = await verifiedProof(proofIn(raw), now);
    const result = schema.safeParse(raw);
    if (!result.success) throw validationError(result.error);
    checked = { proof, data: result.data };
  } catch (refusal) {
    await rateLimit(sql, rule.key, rule.limit, rule.windowSeconds, now);
    throw refusal;
  }
  const argument = {
    ...rateLimitHit(rule, now),
    signature: checked.proof.challenge.signature,
    submissionId: null,
    expiresAt: proofExpiresAt(checked.proof.challenge),
  };
  return {
    data: checked.data,
    admission: {
      argument,
      statement: jsonCallText('spend_proof_within_limit', argument),
      async admit(verdict) {
        if (verdict === 'limited') throw rateLimited();
        await trimRateLimits(sql, now);
        if (verdict === 'used') throw fieldError(HUMAN_CHECK_FIELD, humanCheckMessages.used);
        if (verdict !== 'spent') throw new Error(`spend_proof_within_limit answered ${String(verdict)}`);
      },
    },
  };
}
