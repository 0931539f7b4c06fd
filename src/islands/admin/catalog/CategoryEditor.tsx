import { useEffect, useId, useState } from 'react';
import { adminCategoryInput, categoryKindLabels, categoryKinds, type AdminCategoryForm } from '../../../lib/admin/catalog';
import type { AdminCategory } from '../../../lib/admin/catalog.server';
import { fieldsFromZod } from '../../../lib/http/errors';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { buttonClass, Card, dangerButtonClass, inputClass, labelClass, LoadState, ScreenHeader } from '../shared/ui';
import { Checkbox, ErrorSummary, Field, idFromPath, inputProps, isUuid, slugify, TextArea, TextField, type FieldErrors } from './fields';
import { announceCatalogChange, PublishingPanel } from './PublishingPanel';

const LABELS: Record<string, string> = {
  name: 'Name',
  slug: 'Web address name',
  kind: 'Sells',
  summary: 'Summary',
  description: 'Description',
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
  imageUrl: c?.imageUrl ?? '',
  sortOrder: String(c?.sortOrder ?? 0),
  seoTitle: c?.seoTitle ?? '',
  seoDescription: c?.seoDescription ?? '',
  active: c?.active ?? true,
});

/** /admin/categories/create and /admin/categories/{id}/edit. */
export default function CategoryEditor({ mode }: { mode: 'create' | 'edit' }) {
  const rawId = mode === 'edit' && typeof location !== 'undefined' ? idFromPath('/admin/categories/') : null;
  const id = isUuid(rawId) ? rawId : null;
  const { data, error, loading } = useAdminData<{ category: AdminCategory }>(id ? `/api/admin/categories/${id}` : null);
  if (mode === 'create') return <CategoryForm category={null} />;
  if (!id) {
    return (
      <div>
        <ScreenHeader title="Category not found" />
        <a className="font-semibold text-brand-800 underline" href="/admin/categories">
          Back to categories
        </a>
      </div>
    );
  }
  return (
    <LoadState loading={loading} error={error}>
      {data && <CategoryForm key={data.category.updatedAt} category={data.category} />}
    </LoadState>
  );
}

function CategoryForm({ category }: { category: AdminCategory | null }) {
  const [form, setForm] = useState<FormState>(() => toForm(category));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [slugTouched, setSlugTouched] = useState(category !== null);
  // The create form is prerendered: until React takes over, typing would be lost and "Create" would submit natively.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  useEffect(() => {
    if (Object.keys(errors).length) document.getElementById('category-errors')?.focus();
  }, [errors]);

  const save = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const sortOrder = form.sortOrder.trim() === '' ? Number.NaN : Number(form.sortOrder);
    const draft = { ...form, sortOrder } satisfies AdminCategoryForm;
    const parsed = adminCategoryInput.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldsFromZod(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    const result = category
      ? await adminMutate<{ category: AdminCategory }>(`/api/admin/categories/${category.id}`, 'PUT', draft, 'Category saved.')
      : await adminMutate<{ category: AdminCategory }>('/api/admin/categories', 'POST', draft, 'Category created.');
    setSaving(false);
    if (!result.ok) return setErrors(result.error.fields ?? {});
    announceCatalogChange();
    location.assign(category ? `/admin/categories/${category.id}/edit` : '/admin/categories');
  };

  return (
    <div>
      <ScreenHeader
        title={category ? `Edit ${category.name}` : 'New category'}
        description={
          <a className="font-semibold text-brand-800 underline" href="/admin/categories">
            All categories
          </a>
        }
      />
      <PublishingPanel />
      <div id="category-errors" tabIndex={-1} className="mb-3 outline-none">
        <ErrorSummary errors={errors} labels={LABELS} />
      </div>
      <form onSubmit={(e) => void save(e)} noValidate className="grid gap-4">
        <fieldset disabled={saving || !hydrated} className="grid gap-4">
          <legend className="sr-only">Category details</legend>
          <Card>
            <div className="grid gap-4 md:grid-cols-2">
              <TextField
                name="name"
                label="Name"
                value={form.name}
                maxLength={80}
                onChange={(name) => setForm((f) => ({ ...f, name, slug: slugTouched ? f.slug : slugify(name) }))}
                errors={errors}
              />
              <TextField
                name="slug"
                label="Web address name"
                hint="Used in links such as /products?category=…"
                value={form.slug}
                maxLength={80}
                onChange={(v) => {
                  setSlugTouched(true);
                  set('slug', v);
                }}
                errors={errors}
              />
              <Field name="kind" label="Sells" error={errors.kind}>
                <select {...inputProps('kind', errors)} value={form.kind} onChange={(e) => set('kind', e.target.value as FormState['kind'])}>
                  {categoryKinds.map((k) => (
                    <option key={k} value={k}>
                      {categoryKindLabels[k]}
                    </option>
                  ))}
                </select>
              </Field>
              <TextField name="sortOrder" label="Sort order" hint="Lower numbers come first." type="number" inputMode="numeric" value={form.sortOrder} onChange={(v) => set('sortOrder', v)} errors={errors} />
              <div className="md:col-span-2">
                <Checkbox name="active" label="Shown on the site" checked={form.active} onChange={(v) => set('active', v)} hint="Hidden categories hide their products too." />
              </div>
            </div>
            <div className="mt-4 grid gap-4">
              <TextArea name="summary" label="Summary" hint="One sentence for category cards." rows={2} maxLength={300} value={form.summary} onChange={(v) => set('summary', v)} errors={errors} />
              <TextArea name="description" label="Description" rows={5} maxLength={5000} value={form.description} onChange={(v) => set('description', v)} errors={errors} />
              <TextField name="imageUrl" label="Image" hint="A site path such as /images/categories/bounce-houses.svg, or an https:// address. Optional." value={form.imageUrl} onChange={(v) => set('imageUrl', v)} errors={errors} />
              <TextField name="seoTitle" label="SEO title" hint="Up to 70 characters. Optional." maxLength={70} value={form.seoTitle} onChange={(v) => set('seoTitle', v)} errors={errors} />
              <TextArea name="seoDescription" label="SEO description" hint="Up to 170 characters. Optional." rows={2} maxLength={170} value={form.seoDescription} onChange={(v) => set('seoDescription', v)} errors={errors} />
            </div>
          </Card>
          <div>
            <button type="submit" className={buttonClass}>
              {saving ? 'Saving…' : category ? 'Save category' : 'Create category'}
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
  const { data } = useAdminData<{ items: AdminCategory[] }>(category.productCount > 0 ? '/api/admin/categories?pageSize=100' : null);
  const [moveTo, setMoveTo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const moveId = useId();
  const others = (data?.items ?? []).filter((c) => c.id !== category.id);

  const remove = async () => {
    setError(null);
    if (category.productCount > 0 && !moveTo) return setError('Choose a category to move the products to');
    if (!confirm(`Delete the category “${category.name}”?`)) return;
    const query = moveTo ? `?moveTo=${moveTo}` : '';
    const result = await adminMutate(`/api/admin/categories/${category.id}${query}`, 'DELETE', undefined, 'Category deleted.');
    if (!result.ok) return setError(result.error.fields?.moveTo ?? result.error.message);
    announceCatalogChange();
    location.assign('/admin/categories');
  };

  return (
    <div className="mt-6">
      <Card title="Delete this category">
        {category.productCount > 0 ? (
          <div className="max-w-md">
            <label htmlFor={moveId} className={labelClass}>
              Move its {category.productCount} product{category.productCount === 1 ? '' : 's'} to
            </label>
            <select
              id={moveId}
              className={`mt-1 ${inputClass}`}
              value={moveTo}
              onChange={(e) => setMoveTo(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${moveId}-error` : undefined}
            >
              <option value="">Choose a category</option>
              {others.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="text-sm text-slate-800">This category has no products.</p>
        )}
        {error && (
          <p id={`${moveId}-error`} role="alert" className="mt-2 text-sm font-semibold text-red-800">
            {error}
          </p>
        )}
        <button type="button" className={`mt-3 ${dangerButtonClass}`} onClick={() => void remove()}>
          Delete category
        </button>
      </Card>
    </div>
  );
}
