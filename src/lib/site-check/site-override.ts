import { z } from '../validation';
import { fullStopAfter } from '../i18n';
import type { SiteRefusal } from './check-site';
import { ANSWER_PLEASE } from './site-answer-values';

/**
 * Staff booking anyway what the yard check refuses (issue #38, "one engine"): on the phone the
 * customer often knows better than the form (the gate measures 40 in, the slide goes on the lawn
 * beside the drive). One override, with one reason, covers the refusals staff were shown; it names
 * them, so a refusal that appears after they looked (another product, another answer) is not waved
 * through unseen. Only staff who may take the booking send one (the public booking's schema has no
 * such field); the server decides what it covers. Pure: the desk shows the same words.
 */

export const SITE_OVERRIDE_REASON_MAX = 300;

/** A refusal as an override names it: its field and its product (null: the business does not serve that ground). */
const refusalRef = z.object({
  field: z.string({ error: 'Name the refused field' }).trim().min(1, 'Name the refused field').max(40, 'At most 40 characters'),
  product: z.string({ error: 'Name the refused product' }).trim().max(120, 'At most 120 characters').nullable(),
});
export type SiteRefusalRef = z.infer<typeof refusalRef>;

/** The desk's "Book it anyway": the refusals staff were shown, and why the booking stands regardless. */
export const siteOverrideInput = z.object({
  reason: z
    .string({ error: 'Say why you book it anyway' })
    .trim()
    .min(5, 'Say why you book it anyway (at least 5 characters)')
    .max(SITE_OVERRIDE_REASON_MAX, `At most ${SITE_OVERRIDE_REASON_MAX} characters`),
  refusals: z.array(refusalRef, { error: 'Name the refusals you override' }).min(1, 'Name the refusals you override').max(20, 'At most 20 refusals'),
});
export type SiteOverrideInput = z.infer<typeof siteOverrideInput>;

/** What the booking keeps of an override: who, when, why and the refusals it covered in their words. */
export interface SiteOverride {
  reason: string;
  byName: string;
  byEmail: string;
  at: string;
  refusals: SiteRefusal[];
}

const sameRefusal = (a: SiteRefusalRef, b: SiteRefusalRef) => a.field === b.field && a.product === b.product;

/** A refusal staff may override: a rule about the yard. An unanswered question is not one (it wants an answer). */
export const overridable = (r: SiteRefusal) => r.message !== ANSWER_PLEASE;

/**
 * Whether a price's refusal is of the generator its check added, booked for that time (the price's
 * line `siteAdded`): stock, not a rule about the yard, so no override covers it (the booking would have
 * no generator to bring), whatever a request names.
 */
export const isAddedGeneratorRefusal = (lines: readonly { product: string; siteAdded: boolean }[]) => (r: SiteRefusalRef) =>
  lines.some((l) => l.siteAdded && l.product === r.product);

/**
 * The refusals that still stand and those the override covers. A refusal is covered when the
 * override names it (field and product); without an override, for a refusal it does not name, or for
 * one no override may cover (`stock`: the added generator booked out), the refusal stands.
 */
export function overrideRefusals(
  refusals: readonly SiteRefusal[],
  override: Pick<SiteOverrideInput, 'refusals'> | null | undefined,
  stock: (r: SiteRefusal) => boolean = () => false,
): { standing: SiteRefusal[]; overridden: SiteRefusal[] } {
  const standing: SiteRefusal[] = [];
  const overridden: SiteRefusal[] = [];
  for (const r of refusals) {
    if (override && overridable(r) && !stock(r) && override.refusals.some((named) => sameRefusal(named, r))) overridden.push(r);
    else standing.push(r);
  }
  return { standing, overridden };
}

/** The message at `siteOverride` when staff could book it anyway: what is refused, and what to do. */
export function overrideHint(standing: readonly SiteRefusal[], override: unknown): string | null {
  if (!standing.some(overridable)) return null;
  return override
    ? 'The setup spot check refuses something you did not override yet: read it again and tick “Book it anyway” for it.'
    : 'The setup spot check refuses this booking: change it, or tick “Book it anyway” and say why.';
}

/** "Refusal overridden by Sam Lee — Customer confirmed the gate is 40 in": the booking's Setup spot card. */
export function overrideWords(override: Pick<SiteOverride, 'byName' | 'byEmail' | 'reason'>): string {
  return `Refusal overridden by ${override.byName || override.byEmail} — ${override.reason}`;
}

/** The same, with the refusals it covers: "… — Measured the gate, 40 in. It covers: The slide needs …" (one full stop after a reason that ends with one). */
export function overrideCovering(override: Pick<SiteOverride, 'byName' | 'byEmail' | 'reason'>, covered: readonly Pick<SiteRefusal, 'message'>[], verb = 'covers'): string {
  const words = overrideWords(override);
  return `${words}${fullStopAfter(words)} It ${verb}: ${covered.map((r) => r.message).join(' ')}`;
}

/** Who overrides, with the desk's request: what a write of the booking needs to keep it. */
export interface StaffOverride {
  input: SiteOverrideInput;
  byName: string;
  byEmail: string;
}

/**
 * The override a change of a booking is held to: the one stored with the booking (a customer's move,
 * or an edit that leaves the yard as it was, keeps what staff accepted), and the one staff send with
 * the change for what is refused now. A refusal neither names still stands.
 */
export function overrideInForce(given: StaffOverride | null | undefined, stored: SiteOverride | null | undefined): Pick<SiteOverrideInput, 'refusals'> | null {
  const refs = [...(given?.input.refusals ?? []), ...(stored?.refusals.map(({ field, product }) => ({ field, product })) ?? [])];
  return refs.length ? { refusals: refs } : null;
}

/**
 * What the booking keeps after a write: null when nothing is overridden now; else the latest staff
 * decision (theirs when they sent one: its reason then stands for all it covers, as they saw them
 * all), with the refusals covered now.
 */
export function overrideToStore(given: StaffOverride | null | undefined, stored: SiteOverride | null | undefined, overridden: readonly SiteRefusal[], at: Date): SiteOverride | null {
  if (overridden.length === 0) return null;
  if (given) return { reason: given.input.reason, byName: given.byName, byEmail: given.byEmail, at: at.toISOString(), refusals: [...overridden] };
  return stored ? { ...stored, refusals: [...overridden] } : null;
}
