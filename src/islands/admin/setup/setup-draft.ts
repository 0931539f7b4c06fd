import { centsToDollarsInput, parseDollars } from '../../../lib/money';
import { setupStepSchemas, type SetupStepId } from '../../../lib/setup';
import type { DemoSummary } from '../settings/RemoveDemo';

/** The setup wizard's state: what the API sends, and a step's form as typed and as sent. */

export interface SetupPayload {
  state: { done: SetupStepId[]; completedAt: string | null; resumeAt: SetupStepId | 'review'; isDemo: boolean };
  values: Record<SetupStepId, Record<string, unknown>>;
  activeServiceAreas: { city: string; state: string; zipCodes: number }[];
  demo: DemoSummary;
}

export type Step = SetupStepId | 'review';
/** What the owner typed, per field: text stays text until "Next" (a half-typed "7." is not lost). */
export type Draft = Record<string, string | boolean | Record<string, { open: string; close: string } | null>>;
export type Hours = Record<string, { open: string; close: string } | null>;

const dollarFields = new Set(['depositFlatCents', 'depositMinimumCents']);
const numberFields = new Set(['depositPercent', 'balanceDueDaysBefore', 'cancellationRefundDays', 'taxRatePercent', 'damageWaiverPercent']);

/** A step's saved values as the form holds them. */
export function draftOf(values: Record<string, unknown>): Draft {
  const draft: Draft = {};
  for (const [key, value] of Object.entries(values)) {
    if (dollarFields.has(key)) draft[key] = centsToDollarsInput(value as number);
    else if (typeof value === 'number') draft[key] = String(value);
    else draft[key] = value as Draft[string];
  }
  return draft;
}

/** The form's text turned into the step's request body (the schema then says what is wrong, in its words). */
export function bodyOf(step: SetupStepId, draft: Draft): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(setupStepSchemas[step].shape)) {
    const value = draft[key];
    if (dollarFields.has(key))
      body[key] =
        typeof value === 'string' && value.trim() !== '' ? (parseDollars(value.trim()) ?? Number.NaN) : Number.NaN;
    else if (numberFields.has(key))
      body[key] = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    else if (key === 'addressState' || key === 'warehouseState') body[key] = String(value ?? '').toUpperCase();
    else body[key] = value;
  }
  return body;
}

/** zod issues → field path → first message. */
export function problemsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return out;
}
