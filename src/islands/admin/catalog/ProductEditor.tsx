import { useId, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { adminProductInput, type AdminProductForm } from '../../../lib/catalog/catalog-admin';
import type { AdminProduct } from '../../../lib/catalog/catalog-admin.server';
import { surfaces } from '../../../lib/catalog/schema';
import { centsToDollarsInput } from '../../../lib/money/money';
import { Checkbox, ErrorSummary, fieldId, flattenErrors, FormAlert, SelectField, TextArea, TextField } from '../../shared/form-kit';
import { idFromPath, isUuid } from '../shared/address';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { apiResolver, showServerErrors, textReader, useAdminForm } from '../shared/admin-form';
import { slugify } from '../shared/slug';
import { useStaff } from '../shared/staff';
import { buttonClass, Card, dangerButtonClass, LoadState, ScreenHeader, secondaryButtonClass } from '../shared/ui';
import { CAKE_SIZE_LABELS, CakeSizeFields, cakeSizeForm, type CakeSizeForm } from './CakeSizeFields';
import { PhotoManager } from './PhotoManager';
import { announceCatalogChange, PublishingPanel } from '../publishing/PublishingPanel';
import { adminPaths, productPath } from '../../../lib/paths/pages';

interface Options {
  categories: { id: string; name: string; active: boolean; kind: 'rental' | 'supply' | 'cake' }[];
  packageCandidates: { id: string; name: string }[];
}

/** The form as typed: numbers stay text until saved, so a half-typed "12." is not lost. */
interface FormState extends CakeSizeForm {
  categoryId: string;
  slug: string;
  name: string;
  shortDescription: string;
  description: string;
  included: string;
  lengthFt: string;
  widthFt: string;
  heightFt: string;
  spaceLengthFt: string;
  spaceWidthFt: string;
  capacity: string;
  ageMin: string;
  ageMax: string;
  outletsRequired: string;
  blowerHp: string;
  waterHookup: boolean;
  surfaces: string[];
  setupMinutes: string;
  teardownMinutes: string;
  pricingUnit: 'rental' | 'each';
  basePriceCents: string;
  baseHours: string;
  halfDayPriceCents: string;
  extraDayPriceCents: string;
  tracksInventory: boolean;
  featured: boolean;
  sortOrder: string;
  seoTitle: string;
  seoDescription: string;
  active: boolean;
  packageItems: { productId: string; quantity: string }[];
}

const LABELS: Record<string, string> = {
  categoryId: 'Category',
  slug: 'Web address name',
  name: 'Name',
  shortDescription: 'Short description',
  description: 'Description',
  included: 'What’s included',
  lengthFt: 'Length',
  widthFt: 'Width',
  heightFt: 'Height',
  spaceLengthFt: 'Space needed, length',
  spaceWidthFt: 'Space needed, width',
  capacity: 'Capacity',
  ageMin: 'Minimum age',
  ageMax: 'Maximum age',
  outletsRequired: 'Outlets',
  blowerHp: 'Blower',
  setupMinutes: 'Setup buffer',
  teardownMinutes: 'Teardown buffer',
  pricingUnit: 'Priced',
  basePriceCents: 'Price',
  baseHours: 'Hours included',
  halfDayPriceCents: 'Half-day price',
  extraDayPriceCents: 'Each extra day',
  sortOrder: 'Sort order',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
  ...CAKE_SIZE_LABELS,
  packageItems: 'Package contents',
};

const surfaceLabels: Record<(typeof surfaces)[number], string> = {
  grass: 'Grass',
  concrete: 'Concrete',
  asphalt: 'Asphalt',
  indoor: 'Indoor',
  'artificial-turf': 'Artificial turf',
};

const text = (v: number | null) => (v === null ? '' : String(v));
const money = (v: number | null) => (v === null ? '' : centsToDollarsInput(v));

function toForm(p: AdminProduct | null, categories: Options['categories']): FormState {
  return {
    categoryId: p?.categoryId ?? categories[0]?.id ?? '',
    slug: p?.slug ?? '',
    name: p?.name ?? '',
    shortDescription: p?.shortDescription ?? '',
    description: p?.description ?? '',
    included: (p?.included ?? []).join('\n'),
    lengthFt: text(p?.lengthFt ?? null),
    widthFt: text(p?.widthFt ?? null),
    heightFt: text(p?.heightFt ?? null),
    spaceLengthFt: text(p?.spaceLengthFt ?? null),
    spaceWidthFt: text(p?.spaceWidthFt ?? null),
    capacity: text(p?.capacity ?? null),
    ageMin: text(p?.ageMin ?? null),
    ageMax: text(p?.ageMax ?? null),
    outletsRequired: String(p?.outletsRequired ?? 0),
    blowerHp: text(p?.blowerHp ?? null),
    waterHookup: p?.waterHookup ?? false,
    surfaces: p?.surfaces ?? ['grass'],
    setupMinutes: text(p?.setupMinutes ?? null),
    teardownMinutes: text(p?.teardownMinutes ?? null),
    pricingUnit: p?.pricingUnit ?? 'rental',
    basePriceCents: money(p?.basePriceCents ?? null),
    baseHours: String(p?.baseHours ?? 8),
    halfDayPriceCents: money(p?.halfDayPriceCents ?? null),
    extraDayPriceCents: money(p?.extraDayPriceCents ?? null),
    tracksInventory: p?.tracksInventory ?? true,
    featured: p?.featured ?? false,
    sortOrder: String(p?.sortOrder ?? 0),
    seoTitle: p?.seoTitle ?? '',
    seoDescription: p?.seoDescription ?? '',
    active: p?.active ?? true,
    ...cakeSizeForm(p),
    packageItems: (p?.packageItems ?? []).map((i) => ({ productId: i.productId, quantity: String(i.quantity) })),
  };
}

/**
 * Text → what the API takes; a number or amount that is not one is noted, the rest is the shared
 * schema's job. Cake sizes are sent only for a cake category: elsewhere they are not shown, so null.
 */
function toInput(f: FormState, problems: Record<string, string>, isCake: boolean): AdminProductForm {
  const read = textReader(problems);
  const cake = (path: keyof CakeSizeForm) => (isCake ? read.optionalNumber(path, f[path]) : null);
  return {
    categoryId: f.categoryId,
    slug: f.slug,
    name: f.name,
    shortDescription: f.shortDescription,
    description: f.description,
    included: f.included
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    lengthFt: read.optionalNumber('lengthFt', f.lengthFt),
    widthFt: read.optionalNumber('widthFt', f.widthFt),
    heightFt: read.optionalNumber('heightFt', f.heightFt),
    spaceLengthFt: read.optionalNumber('spaceLengthFt', f.spaceLengthFt),
    spaceWidthFt: read.optionalNumber('spaceWidthFt', f.spaceWidthFt),
    capacity: read.optionalNumber('capacity', f.capacity),
    ageMin: read.optionalNumber('ageMin', f.ageMin),
    ageMax: read.optionalNumber('ageMax', f.ageMax),
    outletsRequired: read.number('outletsRequired', f.outletsRequired),
    blowerHp: read.optionalNumber('blowerHp', f.blowerHp),
    waterHookup: f.waterHookup,
    surfaces: f.surfaces as AdminProductForm['surfaces'],
    setupMinutes: read.optionalNumber('setupMinutes', f.setupMinutes),
    teardownMinutes: read.optionalNumber('teardownMinutes', f.teardownMinutes),
    pricingUnit: f.pricingUnit,
    basePriceCents: read.dollars('basePriceCents', f.basePriceCents),
    baseHours: read.number('baseHours', f.baseHours),
    halfDayPriceCents: read.optionalDollars('halfDayPriceCents', f.halfDayPriceCents),
    extraDayPriceCents: read.optionalDollars('extraDayPriceCents', f.extraDayPriceCents),
    tracksInventory: f.tracksInventory,
    featured: f.featured,
    sortOrder: read.number('sortOrder', f.sortOrder),
    seoTitle: f.seoTitle,
    seoDescription: f.seoDescription,
    active: f.active,
    cakeBaseServings: cake('cakeBaseServings'),
    cakeBaseTiers: cake('cakeBaseTiers'),
    cakeMaxTiers: cake('cakeMaxTiers'),
    packageItems: f.packageItems.map((item, i) => ({ productId: item.productId, quantity: read.number(`packageItems.${i}.quantity`, item.quantity) })),
  };
}

/** The editor's resolver: whether the chosen category is a cake category decides if cake sizes are sent. */
const resolverFor = (categories: Options['categories']) => {
  const cakeCategories = new Set(categories.filter((c) => c.kind === 'cake').map((c) => c.id));
  return apiResolver(adminProductInput, (f: FormState, problems) => toInput(f, problems, cakeCategories.has(f.categoryId)));
};
const isFormField = (path: string) => path.split('.')[0]! in LABELS || path === 'surfaces' || path.startsWith('packageItems');

/** /admin/products/{id} (and /admin/products/new): every field of a product, its photos and package contents. */
export default function ProductEditor() {
  const rawId = typeof location === 'undefined' ? null : idFromPath('/admin/products/');
  const creating = rawId === 'new';
  const id = isUuid(rawId) ? rawId : null;
  const { data, error, loading, reload } = useAdminData<{ product: AdminProduct; options: Options }>(id ? `/api/admin/products/${id}` : null);
  const { data: options } = useAdminData<{ categories: Options['categories'] }>(creating ? '/api/admin/products?pageSize=1' : null);
  const { staff, can } = useStaff();
  const readOnly = staff !== null && !can('manager');

  if (!creating && !id) {
    return (
      <div>
        <ScreenHeader title="Product not found" />
        <p className="text-slate-800">
          That address does not name a product. <a className="font-semibold text-brand-800 underline" href="/admin/products">Back to products</a>
        </p>
      </div>
    );
  }
  if (creating) {
    if (!options) return <LoadState loading error={null} />;
    return <ProductForm product={null} options={{ categories: options.categories.map((c) => ({ ...c, active: true })), packageCandidates: [] }} readOnly={readOnly} onSaved={() => {}} />;
  }
  return (
    <LoadState loading={loading} error={error}>
      {data && <ProductForm key={data.product.updatedAt} product={data.product} options={data.options} readOnly={readOnly} onSaved={reload} />}
    </LoadState>
  );
}

function ProductForm({ product, options, readOnly, onSaved }: { product: AdminProduct | null; options: Options; readOnly: boolean; onSaved(): void }) {
  const formId = useId();
  const [resolver] = useState(() => resolverFor(options.categories));
  const form = useForm<FormState, unknown, AdminProductForm>({ resolver, defaultValues: toForm(product, options.categories) });
  const { register, handleSubmit, setValue, watch, formState } = form;
  const { errors, isSubmitting } = formState;
  const packageItems = useFieldArray({ control: form.control, name: 'packageItems' });
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  // A new product's web address follows its name until staff edit the address themselves.
  const slugEdited = useRef(product !== null);
  const chosen = watch('packageItems');
  const isCake = options.categories.find((c) => c.id === watch('categoryId'))?.kind === 'cake';
  const candidates = options.packageCandidates.filter((c) => !chosen.some((i) => i.productId === c.id));
  const [addItem, setAddItem] = useState('');

  const save = async (input: AdminProductForm) => {
    setProblem(null);
    const result = product
      ? await adminMutate<{ product: AdminProduct }>(`/api/admin/products/${product.id}`, 'PUT', input, 'Product saved. The public site updates with the next publish.')
      : await adminMutate<{ product: AdminProduct }>('/api/admin/products', 'POST', input, 'Product created.');
    if (!result.ok) {
      setProblem(showServerErrors(form.setError, result.error, isFormField));
      return;
    }
    announceCatalogChange();
    if (!product) return saving.leave(adminPaths.product(result.data.product.id));
    saving.saved();
    onSaved();
  };

  const remove = async () => {
    if (!product || !confirm(`Delete “${product.name}”? This cannot be undone.`)) return;
    const result = await adminMutate(`/api/admin/products/${product.id}`, 'DELETE', undefined, 'Product deleted.');
    if (result.ok) saving.leave('/admin/products');
  };

  const field = { formId, inputMode: 'decimal' as const };
  const number = (name: keyof FormState & string, label: string, hint?: string, optional = true) => (
    <TextField {...field} {...register(name)} label={label} hint={hint} optional={optional} error={errors[name]?.message} />
  );
  const dollars = (name: keyof FormState & string, label: string, hint: string, optional: boolean) => (
    <TextField {...field} {...register(name)} prefix="$" label={label} hint={hint} optional={optional} error={errors[name]?.message} />
  );
  const packageError = errors.packageItems?.message ?? errors.packageItems?.root?.message;

  return (
    <div>
      <ScreenHeader
        title={product ? product.name : 'New product'}
        description={
          product ? (
            <>
              <a className="font-semibold text-brand-800 underline" href="/admin/products">
                Products
              </a>{' '}
              · <a className="font-semibold text-brand-800 underline" href={productPath(product)}>View on the site</a> ·{' '}
              <a className="font-semibold text-brand-800 underline" href={adminPaths.productUnits(product.id)}>Units</a>
            </>
          ) : (
            'Fill in the details; photos can be added once it is saved.'
          )
        }
      />
      <PublishingPanel />
      {readOnly && <p className="mb-3 rounded-lg bg-sky-50 p-3 text-sm text-sky-900">You can see this product’s prices and details. A manager or owner can change them.</p>}
      <ErrorSummary formId={formId} errors={flattenErrors(errors)} labels={LABELS} />
      {problem && <FormAlert title="The product was not saved" message={problem} />}
      <form onSubmit={(e) => void handleSubmit(save)(e)} noValidate>
        <fieldset disabled={readOnly || isSubmitting} className="grid gap-4">
          <legend className="sr-only">Product details</legend>
          <Card title="Basics">
            <div className="grid gap-4 md:grid-cols-2">
              <TextField
                formId={formId}
                {...register('name', { onChange: (e: { target: { value: string } }) => !slugEdited.current && setValue('slug', slugify(e.target.value), { shouldDirty: true }) })}
                label="Name"
                maxLength={120}
                error={errors.name?.message}
              />
              <TextField
                formId={formId}
                {...register('slug', { onChange: () => (slugEdited.current = true) })}
                label="Web address name"
                hint={`The page is ${productPath({ slug: watch('slug') || '…' })}. Changing it breaks old links.`}
                maxLength={80}
                error={errors.slug?.message}
              />
              <SelectField formId={formId} {...register('categoryId')} label="Category" error={errors.categoryId?.message}>
                {options.categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                    {c.active ? '' : ' (hidden)'}
                  </option>
                ))}
              </SelectField>
              <div className="grid content-start gap-2 pt-6">
                <Checkbox formId={formId} {...register('active')} label="Shown on the site" hint="Hidden products cannot be booked." />
                <Checkbox formId={formId} {...register('featured')} label="Featured on the home page" />
              </div>
            </div>
            <div className="mt-4 grid gap-4">
              <TextArea formId={formId} {...register('shortDescription')} label="Short description" hint="One or two sentences for product cards." rows={2} maxLength={300} error={errors.shortDescription?.message} />
              <TextArea formId={formId} {...register('description')} label="Description" rows={6} error={errors.description?.message} />
              <TextArea formId={formId} {...register('included')} label="What’s included" optional hint="One item per line." rows={4} error={errors.included?.message} />
            </div>
          </Card>

          <Card title="Price">
            <div className="grid gap-4 md:grid-cols-3">
              {dollars('basePriceCents', 'Price', 'Covers the hours included.', false)}
              {number('baseHours', 'Hours included', 'Longer events on the same day cost the same.', false)}
              <SelectField formId={formId} {...register('pricingUnit')} label="Priced" error={errors.pricingUnit?.message}>
                <option value="rental">Per rental</option>
                <option value="each">Each (supplies: per piece)</option>
              </SelectField>
              {dollars('halfDayPriceCents', 'Half-day price', 'Events up to 4 hours. Empty: no half-day price.', true)}
              {dollars('extraDayPriceCents', 'Each extra day', 'Added per further calendar day. Empty: not offered.', true)}
            </div>
          </Card>

          {isCake && <CakeSizeFields formId={formId} register={register} errors={errors} />}

          <Card title="Size, space and power">
            <div className="grid gap-4 md:grid-cols-3">
              {number('lengthFt', 'Length (ft)')}
              {number('widthFt', 'Width (ft)')}
              {number('heightFt', 'Height (ft)')}
              {number('spaceLengthFt', 'Space needed, length (ft)')}
              {number('spaceWidthFt', 'Space needed, width (ft)')}
              {number('capacity', 'Capacity (riders at once)')}
              {number('ageMin', 'Minimum age')}
              {number('ageMax', 'Maximum age')}
              {number('outletsRequired', 'Outlets needed', undefined, false)}
              {number('blowerHp', 'Blower (HP)')}
              {number('setupMinutes', 'Setup buffer (minutes)', 'Empty: the business default.')}
              {number('teardownMinutes', 'Teardown buffer (minutes)', 'Empty: the business default.')}
            </div>
            <div className="mt-4 grid gap-4 md:grid-cols-2">
              <fieldset aria-describedby={errors.surfaces ? fieldId(formId, 'surfaces') : undefined}>
                <legend className="font-semibold text-slate-900">Surfaces it can go on</legend>
                <div className="mt-1 flex flex-wrap gap-3">
                  {surfaces.map((s) => (
                    <Checkbox key={s} id={fieldId(formId, `surface-${s}`)} {...register('surfaces')} value={s} label={surfaceLabels[s]} />
                  ))}
                </div>
                {errors.surfaces && (
                  <p id={fieldId(formId, 'surfaces')} className="mt-1 font-semibold text-red-800">
                    {errors.surfaces.message ?? errors.surfaces.root?.message}
                  </p>
                )}
              </fieldset>
              <div className="grid content-start gap-2">
                <Checkbox formId={formId} {...register('waterHookup')} label="Needs a water hookup" />
                <Checkbox formId={formId} {...register('tracksInventory')} label="Has physical units to book" hint="Untick for made-to-order goods such as cakes." />
              </div>
            </div>
          </Card>

          <Card title="Package contents">
            <p className="mb-2 text-sm text-slate-700">A party package bundles other products; booking it reserves their units. Leave empty for a single product.</p>
            {packageError && (
              <p className="mb-2 font-semibold text-red-800" id={fieldId(formId, 'packageItems')}>
                {packageError}
              </p>
            )}
            {packageItems.fields.length > 0 && (
              <ul className="mb-3 grid gap-2">
                {packageItems.fields.map((item, index) => {
                  const name = product?.packageItems.find((p) => p.productId === item.productId)?.name ?? options.packageCandidates.find((c) => c.id === item.productId)?.name ?? 'Product';
                  return (
                    <li key={item.id} className="flex flex-wrap items-end gap-2">
                      <span className="min-w-48 flex-1 pb-2 font-semibold text-slate-900">{name}</span>
                      <TextField
                        formId={formId}
                        {...register(`packageItems.${index}.quantity`)}
                        label={`Quantity of ${name}`}
                        inputMode="numeric"
                        className="w-40"
                        error={errors.packageItems?.[index]?.quantity?.message}
                      />
                      <button type="button" className={secondaryButtonClass} onClick={() => packageItems.remove(index)}>
                        Remove<span className="sr-only"> {name}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
            {candidates.length > 0 && (
              <div className="flex flex-wrap items-end gap-2">
                <SelectField label="Add a product to the package" required={false} value={addItem} onChange={(e) => setAddItem(e.target.value)}>
                  <option value="">Choose a product</option>
                  {candidates.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </SelectField>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={!addItem}
                  onClick={() => {
                    packageItems.append({ productId: addItem, quantity: '1' });
                    setAddItem('');
                  }}
                >
                  Add to package
                </button>
              </div>
            )}
          </Card>

          <Card title="Search engines and order">
            <div className="grid gap-4 md:grid-cols-2">
              <TextField formId={formId} {...register('seoTitle')} label="SEO title" optional hint="Up to 70 characters. Empty: the product name." maxLength={70} error={errors.seoTitle?.message} />
              {number('sortOrder', 'Sort order', 'Lower numbers come first in their category.', false)}
              <TextArea formId={formId} {...register('seoDescription')} label="SEO description" optional hint="Up to 170 characters. Empty: the short description." rows={2} maxLength={170} error={errors.seoDescription?.message} className="md:col-span-2" />
            </div>
          </Card>

          {!readOnly && (
            <div className="flex flex-wrap justify-between gap-2">
              <button type="submit" className={buttonClass} disabled={isSubmitting}>
                {isSubmitting ? 'Saving…' : product ? 'Save product' : 'Create product'}
              </button>
              {product && (
                <button type="button" className={dangerButtonClass} onClick={() => void remove()}>
                  Delete product
                </button>
              )}
            </div>
          )}
        </fieldset>
      </form>
      {product && (
        <div className="mt-4">
          <PhotoManager product={product} readOnly={readOnly} />
        </div>
      )}
    </div>
  );
}
