import { useId } from 'react';
import { surfaceLabels, surfaces, type SiteRules } from '../../../lib/business';
import { centsToDollarsInput } from '../../../lib/money';
import { siteSection } from '../../../lib/settings';
import type { z } from '../../../lib/validation';
import { Checkbox, FieldError, SelectField, TextArea, TextField } from '../../shared/form-kit';
import { errorAt } from '../../shared/form-fields';
import { apiResolver } from '../shared/admin-form';
import { SectionCard } from './SettingsCards';
import { useSectionForm, type Settings } from './use-settings-form';

/** A product the generator may be: the catalog's products by web address name. */
export interface ProductChoice {
  slug: string;
  name: string;
  active: boolean;
}

type Fee = 'sandbagSetFeeCents' | 'hardSurfaceFeeCents' | 'stairsFeePerFlightCents' | 'overnightFeeCents';
type Help = keyof SiteRules['help'];

/** The form as typed: amounts in dollars as text, the generator '' for none. */
interface SiteForm {
  siteRules: Record<Fee, string> & {
    servedSurfaces: string[];
    generatorProductSlug: string;
    outletsPerGenerator: string;
    allowNotSure: boolean;
    help: Record<Help, string>;
  };
}

const fees: { key: Fee; label: string; hint: string }[] = [
  { key: 'sandbagSetFeeCents', label: 'Sandbag set ($)', hint: 'Each unit held down with sandbags on concrete, asphalt or indoors.' },
  { key: 'hardSurfaceFeeCents', label: 'Hard-surface setup ($)', hint: 'Each such unit, for the tarp and padding. 0: none.' },
  { key: 'stairsFeePerFlightCents', label: 'Each flight of stairs ($)', hint: 'Per flight between the truck and the setup spot.' },
  { key: 'overnightFeeCents', label: 'Each night overnight ($)', hint: 'When the rentals stay set up overnight.' },
];

const helps: { key: Help; label: string }[] = [
  { key: 'surface', label: 'Under “the ground of the setup spot”' },
  { key: 'outlet', label: 'Under “an outlet in reach”' },
  { key: 'access', label: 'Under “the narrowest gate or door”' },
  { key: 'stairs', label: 'Under “flights of stairs”' },
  { key: 'ceiling', label: 'Under “the ceiling height” (indoors)' },
];

const siteResolver = apiResolver(siteSection, ({ siteRules: v }: SiteForm, read) => {
  const fee = (key: Fee) => read.dollars(`siteRules.${key}`, v[key]);
  return {
    siteRules: {
      servedSurfaces: v.servedSurfaces as SiteRules['servedSurfaces'],
      sandbagSetFeeCents: fee('sandbagSetFeeCents'),
      hardSurfaceFeeCents: fee('hardSurfaceFeeCents'),
      stairsFeePerFlightCents: fee('stairsFeePerFlightCents'),
      overnightFeeCents: fee('overnightFeeCents'),
      generatorProductSlug: v.generatorProductSlug || null,
      outletsPerGenerator: read.number('siteRules.outletsPerGenerator', v.outletsPerGenerator),
      allowNotSure: v.allowNotSure,
      help: v.help,
    },
  };
});

/** The form's values from the settings (as loaded, or as a save returned them). */
const formValues = ({ siteRules: r }: Settings): SiteForm => ({
  siteRules: {
    servedSurfaces: [...r.servedSurfaces],
    sandbagSetFeeCents: centsToDollarsInput(r.sandbagSetFeeCents),
    hardSurfaceFeeCents: centsToDollarsInput(r.hardSurfaceFeeCents),
    stairsFeePerFlightCents: centsToDollarsInput(r.stairsFeePerFlightCents),
    overnightFeeCents: centsToDollarsInput(r.overnightFeeCents),
    generatorProductSlug: r.generatorProductSlug ?? '',
    outletsPerGenerator: String(r.outletsPerGenerator),
    allowNotSure: r.allowNotSure,
    help: { ...r.help },
  },
});

/**
 * The owner's rules for the customer's yard: the ground the business sets up on at all, what a harder
 * setup costs, the generator added when no outlet is in reach, "Not sure", and the help under each
 * checkout question. Each product's own requirements are in its editor.
 */
export function SiteRulesForm({ initial, products, onSaved }: { initial: Settings; products: readonly ProductChoice[]; onSaved?(values: Settings): void }) {
  const { form, field, card } = useSectionForm<SiteForm, z.output<typeof siteSection>>({ section: 'site', resolver: siteResolver, toValues: formValues, initial, onSaved, success: 'Site rules saved.' });
  const { errors } = form.formState;
  const surfacesId = useId();
  const surfacesError = errorAt(errors, 'siteRules.servedSurfaces') ?? surfaces.map((_, i) => errorAt(errors, `siteRules.servedSurfaces.${i}`)).find(Boolean);
  const chosen = form.watch('siteRules.generatorProductSlug');
  const missing = chosen !== '' && !products.some((p) => p.slug === chosen);
  return (
    <SectionCard
      title="Site rules"
      description="What checkout asks about the customer’s yard, and what it charges or refuses. Each product’s own needs (surfaces, stakes, sandbags, outlets, access, stairs, overnight) are in its editor."
      {...card}
    >
      <fieldset aria-describedby={surfacesError ? `${surfacesId}-error` : undefined}>
        <legend className="font-semibold text-slate-900">Ground you set up on</legend>
        <p className="text-sm text-slate-700">Any other answer is refused, whatever the cart.</p>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
          {surfaces.map((s) => (
            <Checkbox key={s} {...form.register('siteRules.servedSurfaces')} value={s} label={surfaceLabels[s]} />
          ))}
        </div>
        <FieldError id={surfacesId} message={surfacesError} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {fees.map((f) => (
          <TextField key={f.key} {...field(`siteRules.${f.key}`)} label={f.label} hint={f.hint} inputMode="decimal" />
        ))}
        <SelectField {...field('siteRules.generatorProductSlug')} label="Generator when no outlet is in reach" hint="Added to the booking with its own price and stock.">
          <option value="">None: we can’t serve without power</option>
          {missing && <option value={chosen}>{chosen} (not in the catalog)</option>}
          {products.map((p) => (
            <option key={p.slug} value={p.slug}>
              {p.name}
              {p.active ? '' : ' (hidden)'}
            </option>
          ))}
        </SelectField>
        <TextField {...field('siteRules.outletsPerGenerator')} label="Blowers one generator runs" inputMode="numeric" hint="A cart needing more outlets gets more generators." />
      </div>
      <Checkbox {...field('siteRules.allowNotSure')} label="Customers may answer “Not sure”" hint="The booking is taken and flagged for a call. Untick to require an answer." />
      <fieldset className="space-y-3">
        <legend className="font-semibold text-slate-900">Help under each checkout question</legend>
        <p className="text-sm text-slate-700">Shown under the question when the cart needs it. Empty: no help.</p>
        {helps.map((h) => (
          <TextArea key={h.key} {...field(`siteRules.help.${h.key}`)} label={h.label} rows={2} maxLength={300} optional />
        ))}
      </fieldset>
    </SectionCard>
  );
}
