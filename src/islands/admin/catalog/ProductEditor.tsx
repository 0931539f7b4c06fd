import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AdminProductForm } from '../../../lib/catalog';
import type { AdminProduct } from '../../../lib/catalog/index.server';
import { adminApi, adminPaths, productPath } from '../../../lib/paths';
import { ErrorSummary, flattenErrors, FormAlert } from '../../shared/form-kit';
import { idFromPath, isUuid } from '../shared/address';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { useRecord, useRecordEditor } from '../shared/record-editor';
import { useSlugFollowingName } from '../shared/slug';
import { useStaff } from '../shared/staff';
import { NotAllowed } from '../shared/NotAllowed';
import { buttonClass, dangerButtonClass, LoadState, ScreenHeader } from '../shared/ui';
import { CakeSizeFields } from './CakeSizeFields';
import { PackageContents } from './PackageContents';
import { PhotoManager } from './PhotoManager';
import { isFormField, LABELS, resolverFor, toForm, type ProductFormState, type ProductOptions } from './product-form';
import { BasicsCard, PriceCard, SearchCard, SizeCard, SpanishCard } from './ProductSections';
import { SiteRequirementsCard } from './SiteRequirementsCard';
import { PublishingPanel } from '../publishing/PublishingPanel';
import { saveCatalogRecord } from './save-record';

interface EditorData {
  product: AdminProduct;
  options: ProductOptions;
}

const linkClass = 'font-semibold text-brand-800 underline';

/** /admin/products/{id} (and /admin/products/new): every field of a product, its photos and package contents. */
export default function ProductEditor() {
  const rawId = typeof location === 'undefined' ? null : idFromPath(`${adminPaths.products}/`);
  const creating = rawId === 'new';
  const id = isUuid(rawId) ? rawId : null;
  const { record, error, loading, setRecord } = useRecord<EditorData, EditorData>(id ? adminApi.products.one(id) : null, (d) => d);
  const { data: newOptions } = useAdminData<{ categories: ProductOptions['categories'] }>(creating ? adminApi.products.list({ pageSize: '1' }) : null);
  const { staff, can } = useStaff();
  const readOnly = staff !== null && !can('manager');

  if (!creating && !id) {
    return (
      <div>
        <ScreenHeader title="Product not found" />
        <p className="text-slate-800">
          That address does not name a product.{' '}
          <a className={linkClass} href={adminPaths.products}>
            Back to products
          </a>
        </p>
      </div>
    );
  }
  if (creating) {
    // Adding a product is a manager's (crew see the catalog read-only): say so, not a form that cannot be sent.
    if (readOnly) return <NotAllowed title="New product" screen="Adding a product" needs="manager" />;
    if (!newOptions) return <LoadState loading error={null} />;
    return <ProductForm product={null} options={{ categories: newOptions.categories.map((c) => ({ ...c, active: true })), packageCandidates: [] }} readOnly={readOnly} onSaved={() => {}} />;
  }
  return (
    <LoadState loading={loading} error={error}>
      {record && <ProductForm product={record.product} options={record.options} readOnly={readOnly} onSaved={(product) => setRecord({ ...record, product })} />}
    </LoadState>
  );
}

function ProductForm({ product, options, readOnly, onSaved }: { product: AdminProduct | null; options: ProductOptions; readOnly: boolean; onSaved(product: AdminProduct): void }) {
  const formId = useId();
  const [resolver] = useState(() => resolverFor(options.categories));
  const form = useForm<ProductFormState, unknown, AdminProductForm>({ resolver, defaultValues: toForm(product, options.categories) });
  const { handleSubmit, watch, formState } = form;
  const { errors } = formState;
  const editor = useRecordEditor({ form, toValues: (p: AdminProduct) => toForm(p, options.categories), isField: isFormField, onSaved });
  // Off while saving, and once saved (or deleted) until the next page has loaded (editor.leaving).
  const busy = formState.isSubmitting || editor.leaving;
  // A new product's web address follows its name until staff edit the address themselves.
  const slugFields = useSlugFollowingName(form, product !== null);
  const isCake = options.categories.find((c) => c.id === watch('categoryId'))?.kind === 'cake';

  const save = async (input: AdminProductForm) => {
    const saved = await saveCatalogRecord(editor, adminApi.products, product, {
      body: input,
      saved: 'Product saved. The public site updates with the next publish.',
      created: 'Product created.',
      pick: (d: { product: AdminProduct }) => d.product,
    });
    if (saved && !product) editor.leave(adminPaths.product(saved.id));
  };

  // Off while the delete is sent (the form is off once it is done, busy): a second tap sent it again.
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    if (!product || !confirm(`Delete “${product.name}”? This cannot be undone.`)) return;
    setDeleting(true);
    const result = await adminMutate(adminApi.products.one(product.id), 'DELETE', undefined, 'Product deleted.');
    setDeleting(false);
    if (result.ok) editor.leave(adminPaths.products);
  };

  const section = { formId, form };
  return (
    <div>
      <ScreenHeader
        title={product ? product.name : 'New product'}
        description={
          product ? (
            <>
              <a className={linkClass} href={adminPaths.products}>
                Products
              </a>{' '}
              · <a className={linkClass} href={productPath(product)}>View on the site</a> ·{' '}
              <a className={linkClass} href={adminPaths.productUnits(product.id)}>Units</a>
            </>
          ) : (
            'Fill in the details; photos can be added once it is saved.'
          )
        }
      />
      <PublishingPanel />
      {readOnly && <p className="mb-3 rounded-lg bg-sky-50 p-3 text-sm text-sky-900">You can see this product’s prices and details. A manager or owner can change them.</p>}
      <ErrorSummary formId={formId} errors={flattenErrors(errors)} labels={LABELS} />
      {editor.problem && <FormAlert title="The product was not saved" message={editor.problem} />}
      <form onSubmit={(e) => void handleSubmit(save)(e)} noValidate>
        <fieldset disabled={readOnly || busy} className="grid gap-4">
          <legend className="sr-only">Product details</legend>
          <BasicsCard {...section} options={options} slugFields={slugFields} />
          <SpanishCard {...section} />
          <PriceCard {...section} />
          {isCake && <CakeSizeFields formId={formId} register={form.register} errors={errors} />}
          <SizeCard {...section} />
          <SiteRequirementsCard {...section} />
          <PackageContents {...section} product={product} options={options} />
          <SearchCard {...section} />
          {!readOnly && (
            <div className="flex flex-wrap justify-between gap-2">
              <button type="submit" className={buttonClass} disabled={busy}>
                {busy ? 'Saving…' : product ? 'Save product' : 'Create product'}
              </button>
              {product && (
                <button type="button" className={dangerButtonClass} disabled={deleting} onClick={() => void remove()}>
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
