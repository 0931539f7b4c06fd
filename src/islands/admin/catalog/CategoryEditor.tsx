import { useEffect, useId, useState } from 'react';
import { adminApi, adminPaths, withSearch } from '../../../lib/paths';
import { useForm } from 'react-hook-form';
import { adminCategoryInput, categoryKindLabels, categoryKinds, type AdminCategoryForm } from '../../../lib/catalog';
import type { AdminCategory } from '../../../lib/catalog/index.server';
import { Checkbox, ErrorSummary, flattenErrors, FormAlert, SelectField, TextArea, TextField } from '../../shared/form-kit';
import { idFromPath, isUuid } from '../shared/address';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { useLeaving, useRecord, useRecordEditor } from '../shared/record-editor';
import { apiResolver } from '../shared/admin-form';
import { NameAndSlugFields } from '../shared/NameAndSlugFields';
import { useSlugFollowingName } from '../shared/slug';
import { releaseUnsavedChanges } from '../shared/unsaved-changes';
import { buttonClass, Card, dangerButtonClass, LoadState, ScreenHeader } from '../shared/ui';
import { announceCatalogChange, PublishingPanel } from '../publishing/PublishingPanel';
import { saveCatalogRecord } from './save-record';
import { LabelledOptions, RecordOptions } from '../shared/options';
import { formFields } from '../../shared/form-fields';

const LABELS: Record<string, string> = {
  name: 'Name',
  slug: 'Web address name',
  kind: 'Sells',
  summary: 'Summary',
  description: 'Description',
  nameEs: 'Name in Spanish',
  summaryEs: 'Summary in Spanish',
  descriptionEs: 'Description in Spanish',
  imageUrl: 'Image',
  sortOrder: 'Sort order',
  seoTitle: 'SEO title',
  seoDescription: 'SEO description',
};

interface FormState {
  slug: string;
  name: string;
  kind: AdminCategoryForm['kind'];
  summary: string;
  description: string;
  nameEs: string;
  summaryEs: string;
  descriptionEs: string;
  imageUrl: string;
  sortOrder: string;
  seoTitle: string;
  seoDescription: string;
  active: boolean;
}

const toForm = (c: AdminCategory | null): FormState => ({
  slug: c?.slug ?? '',
  name: c?.name ?? '',
  kind: c?.kind ?? 'rental',
  summary: c?.summary ?? '',
  description: c?.description ?? '',
  nameEs: c?.nameEs ?? '',
  summaryEs: c?.summaryEs ?? '',
  descriptionEs: c?.descriptionEs ?? '',
  imageUrl: c?.imageUrl ?? '',
  sortOrder: String(c?.sortOrder ?? 0),
  seoTitle: c?.seoTitle ?? '',
  seoDescription: c?.seoDescription ?? '',
  active: c?.active ?? true,
});

/** /admin/categories/create and /admin/categories/{id}/edit. */
export default function CategoryEditor({ mode }: { mode: 'create' | 'edit' }) {
  const rawId = mode === 'edit' && typeof location !== 'undefined' ? idFromPath(`${adminPaths.categories}/`) : null;
  const id = isUuid(rawId) ? rawId : null;
  const { record, error, loading, setRecord } = useRecord<AdminCategory, { category: AdminCategory }>(id ? adminApi.categories.one(id) : null, (d) => d.category);
  if (mode === 'create') return <CategoryForm category={null} />;
  if (!id) {
    return (
      <div>
        <ScreenHeader title="Category not found" />
        <a className="font-semibold text-brand-800 underline" href={adminPaths.categories}>
          Back to categories
        </a>
      </div>
    );
  }
  return (
    <LoadState loading={loading} error={error}>
      {record && <CategoryForm category={record} onSaved={setRecord} />}
    </LoadState>
  );
}

const resolver = apiResolver(adminCategoryInput, (f: FormState, read): AdminCategoryForm => ({ ...f, sortOrder: read.number('sortOrder', f.sortOrder) }));

function CategoryForm({ category, onSaved }: { category: AdminCategory | null; onSaved?(category: AdminCategory): void }) {
  const formId = useId();
  const form = useForm<FormState, unknown, AdminCategoryForm>({ resolver, defaultValues: toForm(category) });
  const { handleSubmit, formState } = form;
  const field = formFields(form, formId);
  const { errors } = formState;
  const editor = useRecordEditor({ form, toValues: toForm, isField: (path) => path in LABELS || path === 'active', ...(onSaved && { onSaved }) });
  // Off while saving, and once a new one is saved until the list has loaded (editor.leaving).
  const busy = formState.isSubmitting || editor.leaving;
  const slugFields = useSlugFollowingName(form, category !== null);
  // The create form is prerendered: until React takes over, typing would be lost and "Create" would submit natively.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const save = async (input: AdminCategoryForm) => {
    const saved = await saveCatalogRecord(editor, adminApi.categories, category, { body: input, saved: 'Category saved.', created: 'Category created.', pick: (d: { category: AdminCategory }) => d.category });
    // A new category goes back to the list it joins; an edited one stays open with what was saved.
    if (saved && !category) editor.leave(adminPaths.categories);
  };

  return (
    <div>
      <ScreenHeader
        title={category ? `Edit ${category.name}` : 'New category'}
        description={
          <a className="font-semibold text-brand-800 underline" href={adminPaths.categories}>
            All categories
          </a>
        }
      />
      <PublishingPanel />
      <ErrorSummary formId={formId} errors={flattenErrors(errors)} labels={LABELS} />
      {editor.problem && <FormAlert title="The category was not saved" message={editor.problem} />}
      <form onSubmit={(e) => void handleSubmit(save)(e)} noValidate className="grid gap-4">
        <fieldset disabled={busy || !hydrated} className="grid gap-4">
          <legend className="sr-only">Category details</legend>
          <Card>
            <div className="grid gap-4 md:grid-cols-2">
              <NameAndSlugFields formId={formId} fields={slugFields} errors={errors} nameMaxLength={80} slugHint="Used in links such as /products?category=…" />
              <SelectField {...field('kind')} label="Sells">
                <LabelledOptions values={categoryKinds} labels={categoryKindLabels} />
              </SelectField>
              <TextField {...field('sortOrder')} label="Sort order" hint="Lower numbers come first." inputMode="numeric" />
              <Checkbox {...field('active')} label="Shown on the site" hint="Hidden categories hide their products too." className="md:col-span-2" />
            </div>
            <div className="mt-4 grid gap-4">
              <TextArea {...field('summary')} label="Summary" optional hint="One sentence for category cards." rows={2} maxLength={300} />
              <TextArea {...field('description')} label="Description" optional rows={5} maxLength={5000} />
              <TextField {...field('imageUrl')} label="Image" optional hint="A site path such as /images/categories/bounce-houses.svg, or an https:// address." />
              <TextField {...field('seoTitle')} label="SEO title" optional hint="Up to 70 characters." maxLength={70} />
              <TextArea {...field('seoDescription')} label="SEO description" optional hint="Up to 170 characters." rows={2} maxLength={170} />
            </div>
          </Card>
          <Card title="In Spanish">
            <div className="grid gap-4">
              <TextField {...field('nameEs')} label="Name in Spanish" optional hint="Empty: the Spanish pages show the English name." maxLength={80} />
              <TextArea {...field('summaryEs')} label="Summary in Spanish" optional rows={2} maxLength={300} />
              <TextArea {...field('descriptionEs')} label="Description in Spanish" optional rows={5} maxLength={5000} />
            </div>
          </Card>
          <div>
            <button type="submit" className={buttonClass} disabled={busy}>
              {busy ? 'Saving…' : category ? 'Save category' : 'Create category'}
            </button>
          </div>
        </fieldset>
      </form>
      {category && <DeleteCategory category={category} />}
    </div>
  );
}

/** Deleting a category with products asks where they go; the API refuses (409) otherwise. */
function DeleteCategory({ category }: { category: AdminCategory }) {
  const { data } = useAdminData<{ items: AdminCategory[] }>(category.productCount > 0 ? adminApi.categories.list({ pageSize: '100' }) : null);
  const [moveTo, setMoveTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const others = (data?.items ?? []).filter((c) => c.id !== category.id);
  // Off while the delete is sent, and once it is done until the list has loaded: a second tap sent it again.
  const [deleting, setDeleting] = useState(false);
  const [leaving, setLeaving] = useLeaving();

  const remove = async () => {
    setError(null);
    if (category.productCount > 0 && !moveTo) return setError('Choose a category to move the products to');
    if (!confirm(`Delete the category “${category.name}”?`)) return;
    const url = withSearch(adminApi.categories.one(category.id), moveTo ? { moveTo } : undefined);
    setDeleting(true);
    const result = await adminMutate(url, 'DELETE', undefined, 'Category deleted.');
    setDeleting(false);
    if (!result.ok) return setError(result.error.fields?.moveTo ?? result.error.message);
    announceCatalogChange();
    setLeaving(true);
    releaseUnsavedChanges();
    location.assign(adminPaths.categories);
  };

  return (
    <div className="mt-6">
      <Card title="Delete this category">
        {category.productCount > 0 ? (
          <SelectField
            label={`Move its ${category.productCount} product${category.productCount === 1 ? '' : 's'} to`}
            className="max-w-md"
            value={moveTo}
            onChange={(e) => setMoveTo(e.target.value)}
            error={error ?? undefined}
            announceError
          >
            <option value="">Choose a category</option>
            <RecordOptions records={others} label={(c) => c.name} />
          </SelectField>
        ) : (
          <>
            <p className="text-sm text-slate-800">This category has no products.</p>
            {error && (
              <p role="alert" className="mt-2 font-semibold text-red-800">
                {error}
              </p>
            )}
          </>
        )}
        <button type="button" className={`mt-3 ${dangerButtonClass}`} disabled={deleting || leaving} onClick={() => void remove()}>
          Delete category
        </button>
      </Card>
    </div>
  );
}
