import { useEffect, useRef, useState } from 'react';
import { parseDollars } from '../../../lib/money/money';
import type { AreaBuilderPreview, PreviewTown } from '../../../lib/settings/area-builder';
import { parseZipList } from '../../../lib/settings/settings-admin';
import type { ApiError } from '../../shared/api';
import { formatMoney } from '../../../lib/money';
import { FieldError, FormAlert, RadioGroup, TextArea, TextField, checkboxClass } from '../../shared/form-kit';
import { adminMutate, adminRequest } from '../shared/admin-api';
import { Badge, buttonClass, Card, secondaryButtonClass } from '../shared/ui';

/**
 * The service-area builder: towns within a drive radius of the warehouse (or from a pasted ZIP list),
 * each charged the fee of its distance band. Preview lists the towns with their distance, drive time,
 * county, ZIPs and fee; the owner unticks what they do not serve and Apply writes the rest as service
 * areas in one step. The server computes every town and fee again: this screen sends only the inputs.
 * Used in Settings → Service areas and by the first-run setup.
 */
type Mode = 'radius' | 'zips';
interface BandText {
  upToMiles: string;
  fee: string;
}

const defaultBands: BandText[] = [
  { upToMiles: '10', fee: '0' },
  { upToMiles: '20', fee: '25' },
  { upToMiles: '30', fee: '45' },
];

interface AppliedAnswer {
  created: number;
  updated: number;
}

export function AreaBuilder(props: { onApplied: () => void }) {
  const [mode, setMode] = useState<Mode>('radius');
  const [radius, setRadius] = useState('25');
  const [zips, setZips] = useState('');
  const [bands, setBands] = useState<BandText[]>(defaultBands);
  const [tax, setTax] = useState('');
  const [minimum, setMinimum] = useState('0');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<ApiError | null>(null);
  const [preview, setPreview] = useState<AreaBuilderPreview | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // A new preview takes the reader to its list (and its Apply button), on a phone too.
  useEffect(() => {
    if (!preview) return;
    // At the top of the screen, not just inside its bottom edge, so the Apply button below shows too.
    resultsHeading.current?.scrollIntoView({ block: 'start' });
    resultsHeading.current?.focus({ preventScroll: true });
  }, [preview]);

  /** The request from what was typed, or the field errors (checked only when the owner asks for a preview). */
  function request(): { body: Record<string, unknown> } | { errors: Record<string, string> } {
    const found: Record<string, string> = {};
    const number = (field: string, text: string) => {
      const n = Number(text.trim());
      if (text.trim() === '' || !Number.isFinite(n)) found[field] = 'Enter a number';
      return n;
    };
    const dollars = (field: string, text: string) => {
      const cents = parseDollars(text);
      if (cents === null) found[field] = 'Enter an amount in dollars, e.g. 25';
      return cents ?? 0;
    };
    const feeBands = bands.map((b, i) => ({ upToMiles: number(`feeBands.${i}.upToMiles`, b.upToMiles), feeCents: dollars(`feeBands.${i}.feeCents`, b.fee) }));
    const taxPercent = number('taxRateBps', tax);
    const body = {
      mode,
      ...(mode === 'radius' ? { radiusMiles: number('radiusMiles', radius) } : { zipCodes: parseZipList(zips) }),
      feeBands,
      taxRateBps: Math.round(taxPercent * 100),
      minimumOrderCents: dollars('minimumOrderCents', minimum),
    };
    return Object.keys(found).length ? { errors: found } : { body };
  }

  async function showPreview() {
    const built = request();
    setProblem(null);
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    setBusy(true);
    const result = await adminRequest<AreaBuilderPreview>('/api/admin/area-builder/preview', { method: 'POST', json: built.body });
    setBusy(false);
    if (!result.ok) {
      setErrors(result.error.fields ?? {});
      setProblem(result.error);
      setPreview(null);
      return;
    }
    setErrors({});
    setPreview(result.data);
    // Towns whose ZIPs another area serves start unticked: Apply would refuse them.
    setTicked(new Set(result.data.towns.filter((t) => t.takenZips.length === 0).map((t) => t.slug)));
  }

  async function apply() {
    const built = request();
    if ('errors' in built || !preview) return;
    setBusy(true);
    const result = await adminMutate<AppliedAnswer>(
      '/api/admin/area-builder/apply',
      'POST',
      { ...built.body, towns: preview.towns.filter((t) => ticked.has(t.slug)).map((t) => t.slug) },
      (d) => `Service areas saved: ${d.created} added, ${d.updated} updated. The pages change after the next publish.`,
    );
    setBusy(false);
    if (result.ok) {
      setPreview(null);
      props.onApplied();
      return;
    }
    setErrors(result.error.fields ?? {});
    setProblem(result.error);
  }

  const toggle = (slug: string) =>
    setTicked((now) => {
      const next = new Set(now);
      if (next.has(slug)) next.delete(slug);
      else next.add(slug);
      return next;
    });
  const setBand = (i: number, change: Partial<BandText>) => setBands((now) => now.map((b, j) => (j === i ? { ...b, ...change } : b)));
  const chosen = preview?.towns.filter((t) => ticked.has(t.slug)) ?? [];

  return (
    <Card title="Build service areas from a radius or a ZIP list">
      <p className="mb-3 text-sm text-slate-700">
        Towns come from the ZIP codes around your warehouse (its ZIP is on the Warehouse &amp; trucks tab). Distances are straight lines between ZIP centres;
        drive times are estimates (roads about 1.3 × the straight line, at 35 mph). You can edit every area afterwards.
      </p>
      {problem && !problem.fields?.['towns'] && (
        <div className="mb-3">
          <FormAlert title={problem.code === 'conflict' ? 'Nothing was saved' : 'Check the builder'} message={errors['warehouseZip'] ?? problem.message} />
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <RadioGroup<Mode>
          legend="Which towns"
          value={mode}
          onValueChange={setMode}
          options={[
            { value: 'radius', label: 'A radius from the warehouse' },
            { value: 'zips', label: 'A list of ZIP codes' },
          ]}
        />
        {mode === 'radius' ? (
          <TextField label="Radius (miles)" inputMode="decimal" value={radius} onChange={(e) => setRadius(e.target.value)} error={errors['radiusMiles']} />
        ) : (
          <TextArea label="ZIP codes to add" rows={3} hint="Separated by commas or spaces." value={zips} onChange={(e) => setZips(e.target.value)} error={errors['zipCodes'] ?? errors['zipCodes.0']} />
        )}
        <fieldset className="md:col-span-2">
          <legend className="font-semibold text-slate-900">Delivery fee by distance</legend>
          <p className="text-sm text-slate-700">Each band covers the towns up to its distance from the one before; towns further out pay the last band’s fee.</p>
          <ul className="mt-2 space-y-2">
            {bands.map((band, i) => (
              <li key={i} className="flex flex-wrap items-start gap-3">
                <TextField
                  label={`Band ${i + 1}: up to (miles)`}
                  inputMode="decimal"
                  className="w-40"
                  value={band.upToMiles}
                  onChange={(e) => setBand(i, { upToMiles: e.target.value })}
                  error={errors[`feeBands.${i}.upToMiles`]}
                />
                <TextField
                  label={`Band ${i + 1}: fee ($)`}
                  inputMode="decimal"
                  className="w-40"
                  value={band.fee}
                  onChange={(e) => setBand(i, { fee: e.target.value })}
                  error={errors[`feeBands.${i}.feeCents`]}
                />
                {bands.length > 1 && (
                  <button type="button" className={`${secondaryButtonClass} mt-7`} onClick={() => setBands((now) => now.filter((_, j) => j !== i))}>
                    Remove<span className="sr-only"> band {i + 1}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
          <FieldError id="area-builder-bands" message={errors['feeBands']} />
          {bands.length < 12 && (
            <button
              type="button"
              className={`${secondaryButtonClass} mt-2`}
              onClick={() => setBands((now) => [...now, { upToMiles: String((Number(now.at(-1)?.upToMiles) || 0) + 10), fee: now.at(-1)?.fee ?? '0' }])}
            >
              Add a band
            </button>
          )}
        </fieldset>
        <TextField label="Sales tax for these towns (%)" inputMode="decimal" hint="For example 7.25" value={tax} onChange={(e) => setTax(e.target.value)} error={errors['taxRateBps']} />
        <TextField label="Minimum order for these towns ($)" inputMode="decimal" value={minimum} onChange={(e) => setMinimum(e.target.value)} error={errors['minimumOrderCents']} />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={buttonClass} disabled={busy} onClick={() => void showPreview()}>
          Preview towns
        </button>
      </div>

      {preview && (
        <section aria-labelledby="area-builder-towns" className="mt-6">
          <h3 id="area-builder-towns" ref={resultsHeading} tabIndex={-1} className="scroll-mt-4 text-base font-bold text-slate-900">
            {preview.towns.length} {preview.towns.length === 1 ? 'town' : 'towns'} from warehouse ZIP {preview.warehouseZip}
          </h3>
          {preview.unknownZips.length > 0 && <p className="mt-1 text-sm text-amber-900">Not in the ZIP data, left out: {preview.unknownZips.join(', ')}</p>}
          {/* The next action first, so it is in view on a phone before the long list. */}
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <button type="button" className={buttonClass} disabled={busy || chosen.length === 0} onClick={() => void apply()}>
              Apply {chosen.length} {chosen.length === 1 ? 'town' : 'towns'}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setTicked(new Set())}>
              Untick all
            </button>
          </div>
          <FieldError id="area-builder-towns-error" message={errors['towns']} />
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {preview.towns.map((town) => (
              <TownRow key={town.slug} town={town} currency={preview.currency} checked={ticked.has(town.slug)} onToggle={() => toggle(town.slug)} error={errors[`towns.${town.slug}`]} />
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
}

function TownRow({ town, currency, checked, onToggle, error }: { town: PreviewTown; currency: string; checked: boolean; onToggle(): void; error: string | undefined }) {
  const id = `area-builder-town-${town.slug}`;
  return (
    <li className="px-3 py-2">
      <div className="flex items-start gap-3">
        <input id={id} type="checkbox" className={`${checkboxClass} mt-1`} checked={checked} onChange={onToggle} aria-describedby={`${id}-facts`} />
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="font-semibold text-slate-900">
            {town.city}, {town.state}
          </label>{' '}
          {town.existing && <Badge tone="info">Updates its area</Badge>}
          {town.takenZips.length > 0 && <Badge tone="warn">ZIPs served elsewhere</Badge>}
          <p id={`${id}-facts`} className="text-sm text-slate-700">
            {town.miles} mi · about {town.driveMinutes} min · {town.county ? `${town.county} County · ` : ''}
            {town.deliveryFeeCents === 0 ? 'free delivery' : `${formatMoney(town.deliveryFeeCents, currency)} delivery`}
          </p>
          <p className="break-words text-xs text-slate-600">ZIP {town.zipCodes.join(', ')}</p>
          {town.takenZips.length > 0 && (
            <p className="text-xs text-amber-900">Already served by another area: {town.takenZips.map((t) => `${t.zip} (${t.city})`).join(', ')}</p>
          )}
          <FieldError id={id} message={error} />
        </div>
      </div>
    </li>
  );
}
