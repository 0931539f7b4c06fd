import type { UseFormReturn } from 'react-hook-form';
import { type AdminProductForm, surfaces } from '../../../lib/catalog';
import { productPath } from '../../../lib/paths';
import { Checkbox, fieldId, SelectField, TextArea, TextField } from '../../shared/form-kit';
import { NameAndSlugFields } from '../shared/NameAndSlugFields';
import type { SlugFields } from '../shared/slug';
import { Card } from '../shared/ui';
import { surfaceLabels, type ProductFormState, type ProductOptions } from './product-form';
import { formFields } from '../../shared/form-fields';

/** The product editor's cards, one per section of the form. */
export interface SectionProps {
  formId: string;
  form: UseFormReturn<ProductFormState, unknown, AdminProductForm>;
}

type Name = keyof ProductFormState & string;

/** The product form's fields bound to the kit (see formFields). */
export const fieldsOf = ({ formId, form }: SectionProps) => formFields(form, formId);

function numberField(props: SectionProps, name: Name, label: string, hint?: string, optional = true) {
  return <TextField {...fieldsOf(props)(name)} inputMode="decimal" label={label} hint={hint} optional={optional} />;
}

function dollarsField(props: SectionProps, name: Name, label: string, hint: string, optional: boolean) {
  return <TextField {...fieldsOf(props)(name)} inputMode="decimal" prefix="$" label={label} hint={hint} optional={optional} />;
}

export function BasicsCard({ formId, form, options, slugFields }: SectionProps & { options: ProductOptions; slugFields: SlugFields }) {
  const { watch } = form;
  const field = fieldsOf({ formId, form });
  const { errors } = form.formState;
  return (
    <Card title="Basics">
      <div className="grid gap-4 md:grid-cols-2">
        <NameAndSlugFields formId={formId} fields={slugFields} errors={errors} nameMaxLength={120} slugHint={`The page is ${productPath({ slug: watch('slug') || '…' })}. Changing it breaks old links.`} />
        <SelectField {...field('categoryId')} label="Category">
          {options.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.active ? '' : ' (hidden)'}
            </option>
          ))}
        </SelectField>
        <div className="grid content-start gap-2 pt-6">
          <Checkbox {...field('active')} label="Shown on the site" hint="Hidden products cannot be booked." />
          <Checkbox {...field('featured')} label="Featured on the home page" />
        </div>
      </div>
      <div className="mt-4 grid gap-4">
        <TextArea {...field('shortDescription')} label="Short description" hint="One or two sentences for product cards." rows={2} maxLength={300} />
        <TextArea {...field('description')} label="Description" rows={6} />
        <TextArea {...field('included')} label="What’s included" optional hint="One item per line." rows={4} />
      </div>
    </Card>
  );
}

/** The product's words for the Spanish pages (issue #40): each left empty shows the English there. */
export function SpanishCard(props: SectionProps) {
  const field = fieldsOf(props);
  const hint = 'Empty: the Spanish pages show the English.';
  return (
    <Card title="In Spanish">
      <div className="grid gap-4">
        <TextField {...field('nameEs')} label="Name in Spanish" optional hint={hint} maxLength={120} />
        <TextArea {...field('shortDescriptionEs')} label="Short description in Spanish" optional hint={hint} rows={2} maxLength={300} />
        <TextArea {...field('descriptionEs')} label="Description in Spanish" optional hint={hint} rows={6} />
        <TextArea {...field('includedEs')} label="What’s included in Spanish" optional hint={`One item per line. ${hint}`} rows={4} />
      </div>
    </Card>
  );
}

export function PriceCard(props: SectionProps) {
  const field = fieldsOf(props);
  return (
    <Card title="Price">
      <div className="grid gap-4 md:grid-cols-3">
        {dollarsField(props, 'basePriceCents', 'Price', 'Covers the hours included.', false)}
        {numberField(props, 'baseHours', 'Hours included', 'Longer events on the same day cost the same.', false)}
        <SelectField {...field('pricingUnit')} label="Priced">
          <option value="rental">Per rental</option>
          <option value="each">Each (supplies: per piece)</option>
        </SelectField>
        {dollarsField(props, 'halfDayPriceCents', 'Half-day price', 'Events up to 4 hours. Empty: no half-day price.', true)}
        {dollarsField(props, 'extraDayPriceCents', 'Each extra day', 'Added per further calendar day. Empty: not offered.', true)}
      </div>
    </Card>
  );
}

export function SizeCard(props: SectionProps) {
  const { formId, form } = props;
  const field = fieldsOf(props);
  const { errors } = form.formState;
  return (
    <Card title="Size, space and power">
      <div className="grid gap-4 md:grid-cols-3">
        {numberField(props, 'lengthFt', 'Length (ft)')}
        {numberField(props, 'widthFt', 'Width (ft)')}
        {numberField(props, 'heightFt', 'Height (ft)')}
        {numberField(props, 'spaceLengthFt', 'Space needed, length (ft)')}
        {numberField(props, 'spaceWidthFt', 'Space needed, width (ft)')}
        {numberField(props, 'capacity', 'Capacity (riders at once)')}
        {numberField(props, 'ageMin', 'Minimum age')}
        {numberField(props, 'ageMax', 'Maximum age')}
        {numberField(props, 'outletsRequired', 'Outlets needed', undefined, false)}
        {numberField(props, 'blowerHp', 'Blower (HP)')}
        {numberField(props, 'setupMinutes', 'Setup buffer (minutes)', 'Empty: the business default.')}
        {numberField(props, 'teardownMinutes', 'Teardown buffer (minutes)', 'Empty: the business default.')}
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <fieldset aria-describedby={errors.surfaces ? fieldId(formId, 'surfaces') : undefined}>
          <legend className="font-semibold text-slate-900">Surfaces it can go on</legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {surfaces.map((s) => (
              <Checkbox key={s} id={fieldId(formId, `surface-${s}`)} {...form.register('surfaces')} value={s} label={surfaceLabels[s]} />
            ))}
          </div>
          {errors.surfaces && (
            <p id={fieldId(formId, 'surfaces')} className="mt-1 font-semibold text-red-800">
              {errors.surfaces.message ?? errors.surfaces.root?.message}
            </p>
          )}
        </fieldset>
        <div className="grid content-start gap-2">
          <Checkbox {...field('waterHookup')} label="Needs a water hookup" />
          <Checkbox {...field('tracksInventory')} label="Has physical units to book" hint="Untick for made-to-order goods such as cakes." />
        </div>
      </div>
    </Card>
  );
}

export function SearchCard(props: SectionProps) {
  const field = fieldsOf(props);
  return (
    <Card title="Search engines and order">
      <div className="grid gap-4 md:grid-cols-2">
        <TextField {...field('seoTitle')} label="SEO title" optional hint="Up to 70 characters. Empty: the product name." maxLength={70} />
        {numberField(props, 'sortOrder', 'Sort order', 'Lower numbers come first in their category.', false)}
        <TextArea {...field('seoDescription')} label="SEO description" optional hint="Up to 170 characters. Empty: the short description." rows={2} maxLength={170} className="md:col-span-2" />
      </div>
    </Card>
  );
}
