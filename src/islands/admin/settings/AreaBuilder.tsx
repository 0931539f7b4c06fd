import { useEffect, useRef, useState } from 'react';
import { type AreaBuilderPreview, parseZipList } from '../../../lib/settings';
import type { ApiError } from '../../shared/api';
import { parseDollars, percentToHundredths } from '../../../lib/money';
import { adminApi } from '../../../lib/paths';
import { FormAlert, RadioGroup, TextArea, TextField } from '../../shared/form-kit';
import { adminMutate, adminRequest } from '../shared/admin-api';
import { buttonClass, Card } from '../shared/ui';
import { AreaBuilderTowns } from './AreaBuilderTowns';
import { FeeBands, type BandText } from './FeeBands';

/**
 * The service-area builder: towns within a drive radius of the warehouse (or from a pasted ZIP list),
 * each charged the fee of its distance band. Preview lists the towns with their distance, drive time,
 * county, ZIPs and fee; the owner unticks what they do not serve and Apply writes the rest as service
 * areas in one step. The server computes every town and fee again: this screen sends only the inputs.
 * Used in Settings → Service areas and by the first-run setup.
 */
type Mode = 'radius' | 'zips';

const defaultBands: BandText[] = [
  { upToMiles: '10', fee: '0' },
  { upToMiles: '20', fee: '25' },
  { upToMiles: '30', fee: '45' },
];

interface AppliedAnswer {
  created: number;
  updated: number;
}

export function AreaBuilder(props: {
  onApplied: () => void;
  /** Where the owner sets the warehouse's ZIP, said where the builder is shown (the setup has it as a step). */
  warehouseWhere?: string;
}) {
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
    const feeBands = bands.map((b, i) => ({
      upToMiles: number(`feeBands.${i}.upToMiles`, b.upToMiles),
      feeCents: dollars(`feeBands.${i}.feeCents`, b.fee),
    }));
    const taxPercent = number('taxRateBps', tax);
    const body = {
      mode,
      ...(mode === 'radius' ? { radiusMiles: number('radiusMiles', radius) } : { zipCodes: parseZipList(zips) }),
      feeBands,
      taxRateBps: percentToHundredths(taxPercent),
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
    const result = await adminRequest<AreaBuilderPreview>(adminApi.areaBuilder.preview, {
      method: 'POST',
      json: built.body,
    });
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
      adminApi.areaBuilder.apply,
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

  return (
    <Card title="Build service areas from a radius or a ZIP list">
      <p className="mb-3 text-sm text-slate-700">
        Towns come from the ZIP codes around your warehouse (its ZIP is{' '}
        {props.warehouseWhere ?? 'on the Warehouse & trucks tab'}). Distances are straight lines between ZIP centres;
        drive times are estimates (roads about 1.3 × the straight line, at 35 mph). You can edit every area afterwards.
      </p>
      {problem && !problem.fields?.['towns'] && (
        <div className="mb-3">
          <FormAlert
            title={problem.code === 'conflict' ? 'Nothing was saved' : 'Check the builder'}
            message={errors['warehouseZip'] ?? problem.message}
          />
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
          <TextField
            label="Radius (miles)"
            inputMode="decimal"
            value={radius}
            onChange={(e) => setRadius(e.target.value)}
            error={errors['radiusMiles']}
          />
        ) : (
          <TextArea
            label="ZIP codes to add"
            rows={3}
            hint="Separated by commas or spaces."
            value={zips}
            onChange={(e) => setZips(e.target.value)}
            error={errors['zipCodes'] ?? errors['zipCodes.0']}
          />
        )}
        <FeeBands bands={bands} setBands={setBands} errors={errors} />
        <TextField
          label="Sales tax for these towns (%)"
          inputMode="decimal"
          hint="For example 7.25"
          value={tax}
          onChange={(e) => setTax(e.target.value)}
          error={errors['taxRateBps']}
        />
        <TextField
          label="Minimum order for these towns ($)"
          inputMode="decimal"
          value={minimum}
          onChange={(e) => setMinimum(e.target.value)}
          error={errors['minimumOrderCents']}
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={buttonClass} disabled={busy} onClick={() => void showPreview()}>
          Preview towns
        </button>
      </div>

      {preview && (
        <AreaBuilderTowns
          preview={preview}
          ticked={ticked}
          errors={errors}
          busy={busy}
          headingRef={resultsHeading}
          onToggle={toggle}
          onUntickAll={() => setTicked(new Set())}
          onApply={() => void apply()}
        />
      )}
    </Card>
  );
}
