import { useEffect, useMemo, useState } from 'react';
import { adminProductInput, type AdminProductForm } from '../../../lib/admin/catalog';
import { centsToDollarsInput, parseDollars } from '../../../lib/pricing/money';
import type { AdminProduct } from '../../../lib/admin/catalog.server';
import { surfaces } from '../../../lib/catalog/schema';
import { fieldsFromZod } from '../../../lib/http/errors';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { useStaff } from '../shared/staff';
import { buttonClass, Card, dangerButtonClass, inputClass, LoadState, ScreenHeader, secondaryButtonClass } from '../shared/ui';
import { Checkbox, ErrorSummary, Field, idFromPath, inputProps, isUuid, slugify, TextArea, TextField, type FieldErrors } from './fields';
import { PhotoManager } from './PhotoManager';
import { announceCatalogChange, PublishingPanel } from './PublishingPanel';

interface Options {
  categories: { id: string; name: string; active: boolean }[];
  packageCandidates: { id: string; name: string }[];
}

/** The form as typed: numbers stay text until saved, so a half-typed "12." is not lost. */
interface FormState {
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
    packageItems: (p?.packageItems ?? []).map((i) => ({ productId: i.productId, quantity: String(i.quantity) })),
  };
}

/** Text → what the API takes; a number that is not one becomes a field error here, the rest is the shared schema's job. */
function toInput(f: FormState): { input: AdminProductForm | null; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const number = (key: keyof FormState, value: string, optional: boolean): number | null => {
    const t = value.trim();
    if (t === '') {
      if (!optional) errors[key] = 'Enter a number';
      return null;
    }
    const n = Number(t);
    if (!Number.isFinite(n)) {
      errors[key] = 'Enter a number';
      return null;
    }
    return n;
  };
  const cents = (key: keyof FormState, value: string, optional: boolean): number | null => {
    if (value.trim() === '') {
      if (!optional) errors[key] = 'Enter a price';
      return null;
    }
    const c = parseDollars(value);
    if (c === null) errors[key] = 'Enter an amount in dollars, e.g. 185 or 185.50';
    return c;
  };
  const draft = {
    categoryId: f.categoryId,
    slug: f.slug,
    name: f.name,
    shortDescription: f.shortDescription,
    description: f.description,
    included: f.included
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    lengthFt: number('lengthFt', f.lengthFt, true),
    widthFt: number('widthFt', f.widthFt, true),
    heightFt: number('heightFt', f.heightFt, true),
    spaceLengthFt: number('spaceLengthFt', f.spaceLengthFt, true),
    spaceWidthFt: number('spaceWidthFt', f.spaceWidthFt, true),
    capacity: number('capacity', f.capacity, true),
    ageMin: number('ageMin', f.ageMin, true),
    ageMax: number('ageMax', f.ageMax, true),
    outletsRequired: number('outletsRequired', f.outletsRequired, false) ?? 0,
    blowerHp: number('blowerHp', f.blowerHp, true),
    waterHookup: f.waterHookup,
    surfaces: f.surfaces as AdminProductForm['surfaces'],
    setupMinutes: number('setupMinutes', f.setupMinutes, true),
    teardownMinutes: number('teardownMinutes', f.teardownMinutes, true),
    pricingUnit: f.pricingUnit,
    basePriceCents: cents('basePriceCents', f.basePriceCents, false) ?? 0,
    baseHours: number('baseHours', f.baseHours, false) ?? 0,
    halfDayPriceCents: cents('halfDayPriceCents', f.halfDayPriceCents, true),
    extraDayPriceCents: cents('extraDayPriceCents', f.extraDayPriceCents, true),
    tracksInventory: f.tracksInventory,
    featured: f.featured,
    sortOrder: number('sortOrder', f.sortOrder, false) ?? 0,
    seoTitle: f.seoTitle,
    seoDescription: f.seoDescription,
    active: f.active,
    packageItems: f.packageItems.map((i) => ({ productId: i.productId, quantity: Number(i.quantity) })),
  } satisfies AdminProductForm;
  const parsed = adminProductInput.safeParse(draft);
  if (!parsed.success) Object.assign(errors, Object.fromEntries(Object.entries(fieldsFromZod(parsed.error)).filter(([k]) => !errors[k])));
  // Package rows report as packageItems.0.quantity: one message under the package section is enough.
  for (const key of Object.keys(errors)) {
    if (key.startsWith('packageItems.')) {
      errors.packageItems ??= errors[key]!;
      delete errors[key];
    }
  }
  return { input: Object.keys(errors).length ? null : draft, errors };
}

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
  const [form, setForm] = useState<FormState>(() => toForm(product, options.categories));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [slugTouched, setSlugTouched] = useState(product !== null);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setName = (name: string) => setForm((f) => ({ ...f, name, slug: slugTouched ? f.slug : slugify(name) }));
  const candidates = useMemo(() => options.packageCandidates.filter((c) => !form.packageItems.some((i) => i.productId === c.id)), [options.packageCandidates, form.packageItems]);
  const [addItem, setAddItem] = useState('');
  useEffect(() => {
    if (Object.keys(errors).length) document.getElementById('product-errors')?.focus();
  }, [errors]);

  const save = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const { input, errors: found } = toInput(form);
    setErrors(found);
    if (!input) return;
    setSaving(true);
    const result = product
      ? await adminMutate<{ product: AdminProduct }>(`/api/admin/products/${product.id}`, 'PUT', input, 'Product saved. The public site updates with the next publish.')
      : await adminMutate<{ product: AdminProduct }>('/api/admin/products', 'POST', input, 'Product created.');
    setSaving(false);
    if (!result.ok) {
      setErrors(result.error.fields ?? {});
      return;
    }
    announceCatalogChange();
    if (!product) location.assign(`/admin/products/${result.data.product.id}`);
    else onSaved();
  };

  const remove = async () => {
    if (!product || !confirm(`Delete “${product.name}”? This cannot be undone.`)) return;
    const result = await adminMutate(`/api/admin/products/${product.id}`, 'DELETE', undefined, 'Product deleted.');
    if (result.ok) location.assign('/admin/products');
  };

  const number = (key: keyof FormState, label: string, hint?: string, prefix?: string) => (
    <TextField name={key} label={label} hint={hint} prefix={prefix} type="number" value={form[key] as string} onChange={(v) => set(key, v as never)} errors={errors} />
  );

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
              · <a className="font-semibold text-brand-800 underline" href={`/products/${product.slug}`}>View on the site</a> ·{' '}
              <a className="font-semibold text-brand-800 underline" href={`/admin/products/${product.id}/inventory`}>Units</a>
            </>
          ) : (
            'Fill in the details; photos can be added once it is saved.'
          )
        }
      />
      <PublishingPanel />
      {readOnly && <p className="mb-3 rounded-lg bg-sky-50 p-3 text-sm text-sky-900">You can see this product’s prices and details. A manager or owner can change them.</p>}
      <div id="product-errors" tabIndex={-1} className="mb-3 outline-none">
        <ErrorSummary errors={errors} labels={LABELS} />
      </div>
      <form onSubmit={(e) => void save(e)} noValidate>
        <fieldset disabled={readOnly || saving} className="grid gap-4">
          <legend className="sr-only">Product details</legend>
          <Card title="Basics">
            <div className="grid gap-4 md:grid-cols-2">
              <TextField name="name" label="Name" value={form.name} onChange={setName} errors={errors} maxLength={120} required />
              <TextField
                name="slug"
                label="Web address name"
                hint={`The page is /products/${form.slug || '…'}. Changing it breaks old links.`}
                value={form.slug}
                onChange={(v) => {
                  setSlugTouched(true);
                  set('slug', v);
                }}
                errors={errors}
                maxLength={80}
              />
              <Field name="categoryId" label="Category" error={errors.categoryId}>
                <select {...inputProps('categoryId', errors)} value={form.categoryId} onChange={(e) => set('categoryId', e.target.value)}>
                  {options.categories.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                      {c.active ? '' : ' (hidden)'}
                    </option>
                  ))}
                </select>
              </Field>
              <div className="grid content-start gap-2 pt-6">
                <Checkbox name="active" label="Shown on the site" checked={form.active} onChange={(v) => set('active', v)} hint="Hidden products cannot be booked." />
                <Checkbox name="featured" label="Featured on the home page" checked={form.featured} onChange={(v) => set('featured', v)} />
              </div>
            </div>
            <div className="mt-4 grid gap-4">
              <TextArea name="shortDescription" label="Short description" hint="One or two sentences for product cards." rows={2} value={form.shortDescription} onChange={(v) => set('shortDescription', v)} errors={errors} maxLength={300} />
              <TextArea name="description" label="Description" rows={6} value={form.description} onChange={(v) => set('description', v)} errors={errors} />
              <TextArea name="included" label="What’s included" hint="One item per line." rows={4} value={form.included} onChange={(v) => set('included', v)} errors={errors} />
            </div>
          </Card>

          <Card title="Price">
            <div className="grid gap-4 md:grid-cols-3">
              {number('basePriceCents', 'Price', 'Covers the hours included.', '$')}
              {number('baseHours', 'Hours included', 'Longer events on the same day cost the same.')}
              <Field name="pricingUnit" label="Priced" error={errors.pricingUnit}>
                <select {...inputProps('pricingUnit', errors)} value={form.pricingUnit} onChange={(e) => set('pricingUnit', e.target.value as FormState['pricingUnit'])}>
                  <option value="rental">Per rental</option>
                  <option value="each">Each (supplies: per piece)</option>
                </select>
              </Field>
              {number('halfDayPriceCents', 'Half-day price', 'Events up to 4 hours. Empty: no half-day price.', '$')}
              {number('extraDayPriceCents', 'Each extra day', 'Added per further calendar day. Empty: not offered.', '$')}
            </div>
          </Card>

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
              {number('outletsRequired', 'Outlets needed')}
              {number('blowerHp', 'Blower (HP)')}
              {number('setupMinutes', 'Setup buffer (minutes)', 'Empty: the business default.')}
              {number('teardownMinutes', 'Teardown buffer (minutes)', 'Empty: the business default.')}
            </div>
            <div className="mt-4 grid gap-4 md:grid-cols-2">
              <fieldset>
                <legend className="text-sm font-semibold text-slate-900">Surfaces it can go on</legend>
                <div className="mt-1 flex flex-wrap gap-3">
                  {surfaces.map((s) => (
                    <Checkbox
                      key={s}
                      name={`surface-${s}`}
                      label={surfaceLabels[s]}
                      checked={form.surfaces.includes(s)}
                      onChange={(on) => set('surfaces', on ? [...form.surfaces, s] : form.surfaces.filter((x) => x !== s))}
                    />
                  ))}
                </div>
              </fieldset>
              <div className="grid content-start gap-2">
                <Checkbox name="waterHookup" label="Needs a water hookup" checked={form.waterHookup} onChange={(v) => set('waterHookup', v)} />
                <Checkbox name="tracksInventory" label="Has physical units to book" checked={form.tracksInventory} onChange={(v) => set('tracksInventory', v)} hint="Untick for made-to-order goods such as cakes." />
              </div>
            </div>
          </Card>

          <Card title="Package contents">
            <p className="mb-2 text-sm text-slate-700">A party package bundles other products; booking it reserves their units. Leave empty for a single product.</p>
            {errors.packageItems && <p className="mb-2 text-sm font-semibold text-red-800" id="field-packageItems">{errors.packageItems}</p>}
            {form.packageItems.length > 0 && (
              <ul className="mb-3 grid gap-2">
                {form.packageItems.map((item, index) => {
                  const name = product?.packageItems.find((p) => p.productId === item.productId)?.name ?? options.packageCandidates.find((c) => c.id === item.productId)?.name ?? 'Product';
                  return (
                    <li key={item.productId} className="flex flex-wrap items-end gap-2">
                      <span className="min-w-48 flex-1 pb-2 text-sm font-semibold text-slate-900">{name}</span>
                      <label className="text-sm text-slate-900">
                        Quantity
                        <input
                          className={`mt-1 w-20 ${inputClass}`}
                          inputMode="numeric"
                          value={item.quantity}
                          onChange={(e) => set('packageItems', form.packageItems.map((p, i) => (i === index ? { ...p, quantity: e.target.value } : p)))}
                        />
                      </label>
                      <button type="button" className={secondaryButtonClass} onClick={() => set('packageItems', form.packageItems.filter((_, i) => i !== index))}>
                        Remove<span className="sr-only"> {name}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
            {candidates.length > 0 && (
              <div className="flex flex-wrap items-end gap-2">
                <Field name="addPackageItem" label="Add a product to the package">
                  <select {...inputProps('addPackageItem', {})} value={addItem} onChange={(e) => setAddItem(e.target.value)}>
                    <option value="">Choose a product</option>
                    {candidates.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </Field>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={!addItem}
                  onClick={() => {
                    set('packageItems', [...form.packageItems, { productId: addItem, quantity: '1' }]);
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
              <TextField name="seoTitle" label="SEO title" hint="Up to 70 characters. Empty: the product name." value={form.seoTitle} onChange={(v) => set('seoTitle', v)} errors={errors} maxLength={70} />
              {number('sortOrder', 'Sort order', 'Lower numbers come first in their category.')}
              <div className="md:col-span-2">
                <TextArea name="seoDescription" label="SEO description" hint="Up to 170 characters. Empty: the short description." rows={2} value={form.seoDescription} onChange={(v) => set('seoDescription', v)} errors={errors} maxLength={170} />
              </div>
            </div>
          </Card>

          {!readOnly && (
            <div className="flex flex-wrap justify-between gap-2">
              <button type="submit" className={buttonClass} disabled={saving}>
                {saving ? 'Saving…' : product ? 'Save product' : 'Create product'}
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
