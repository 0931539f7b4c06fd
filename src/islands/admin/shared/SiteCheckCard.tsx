import { useEffect, useRef } from 'react';
import { get, type UseFormReturn } from 'react-hook-form';
import type { PriceQuote } from '../../../lib/booking/index.server';
import { isAddedGeneratorRefusal, overridable, overrideCovering, SITE_OVERRIDE_REASON_MAX, type SiteOverride, type SiteRefusalRef } from '../../../lib/site-check';
import { Checkbox, TextArea } from '../../shared/form-kit';
import { Card } from './ui';

/** The form's "Book it anyway": ticked, why, and the refusals it names (those shown when it was ticked). */
export interface SiteOverrideValues {
  on: boolean;
  reason: string;
  refusals: SiteRefusalRef[];
}
type OverrideForm = UseFormReturn<{ siteOverride: SiteOverrideValues }, unknown, unknown>;

const keyOf = (r: SiteRefusalRef) => `${r.field} ${r.product ?? ''}`;

/**
 * The yard check's refusals, as checkout would show them, and "Book it anyway" with the reason (one
 * reason for the refusals shown: on the phone the caller settles them together, e.g. "measured the
 * gate, 40 in"). Ticking it names the refusals shown; one that appears afterwards unticks it, so staff
 * never book past a refusal they did not read. A refusal staff overrode before (a change of the
 * booking) is still covered, and says by whom. Shown only while the price has a refusal. The desk's
 * and a quote offer's form both have it (`siteOverride`, sent as siteOverrideInput).
 */
export function SiteCheckCard<V extends { siteOverride: SiteOverrideValues }, T>({
  form: anyForm,
  quote,
  stored,
}: {
  form: UseFormReturn<V, unknown, T>;
  quote: PriceQuote | null;
  stored: SiteOverride | null;
}) {
  // Only its `siteOverride` fields are read and set: react-hook-form's paths do not narrow through a generic form.
  const form = anyForm as unknown as OverrideForm;
  const refusals = quote?.site.refusals ?? null;
  const storedKeys = new Set(stored?.refusals.map(keyOf) ?? []);
  // A generator booked out is stock, not a rule about the yard: the server does not let it be overridden.
  const isStock = isAddedGeneratorRefusal(quote?.lines ?? []);
  const fixed = refusals?.filter((r) => !storedKeys.has(keyOf(r)) && (isStock(r) || !overridable(r))) ?? [];
  const open = refusals?.filter((r) => !storedKeys.has(keyOf(r)) && !fixed.includes(r)) ?? null;
  const openKey = open ? open.map(keyOf).join('|') : null;
  const shown = useRef<string | null>(null);
  useEffect(() => {
    // A price being worked out keeps the last refusals; a new price names what is refused now.
    if (openKey === null || openKey === shown.current) return;
    const before = new Set(shown.current?.split('|') ?? []);
    shown.current = openKey;
    const refs = open!.map(({ field, product }) => ({ field, product }));
    form.setValue('siteOverride.refusals', refs);
    if (refs.length === 0 || refs.some((r) => !before.has(keyOf(r)))) form.setValue('siteOverride.on', false);
  }, [openKey]);

  const on = form.watch('siteOverride.on');
  if (!refusals || refusals.length === 0) return null;
  const err = (path: string) => (get(form.formState.errors, path) as { message?: string } | undefined)?.message;
  return (
    <Card title="Setup spot check">
      {open && open.length + fixed.length > 0 && (
        // The alert around the list: a list itself keeps its list role, so its items stay items.
        <div role="alert" aria-label="Refused by the setup spot check">
          <ul className="grid gap-1 text-sm font-semibold text-red-800">
            {[...fixed, ...open].map((r) => (
              <li key={keyOf(r)}>{r.message}</li>
            ))}
          </ul>
        </div>
      )}
      {fixed.some(isStock) && <p className="mt-2 text-sm text-slate-900">A generator booked for that time cannot be booked anyway: choose another date, or a spot near an outlet.</p>}
      {stored && refusals.some((r) => storedKeys.has(keyOf(r))) && (
        <p className="mt-2 text-sm text-slate-900">
          {overrideCovering(stored, refusals.filter((r) => storedKeys.has(keyOf(r))), 'still covers')}
        </p>
      )}
      {open && open.length > 0 && (
        <div className="mt-3 grid gap-3">
          {err('siteOverride') && <p className="text-sm font-semibold text-red-800">{err('siteOverride')}</p>}
          <Checkbox
            {...form.register('siteOverride.on')}
            label="Book it anyway"
            hint="The caller settled it on the phone. Your name and reason go on the booking and its delivery sheet."
          />
          {on && (
            <TextArea
              {...form.register('siteOverride.reason')}
              label="Why it can go ahead"
              hint="e.g. Customer confirmed the gate is 40 in; measured on the phone."
              rows={2}
              maxLength={SITE_OVERRIDE_REASON_MAX}
              error={err('siteOverride.reason') ?? err('siteOverride.refusals')}
            />
          )}
        </div>
      )}
    </Card>
  );
}
