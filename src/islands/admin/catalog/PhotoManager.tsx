import { useState } from 'react';
import { adminApi } from '../../../lib/paths';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { AdminPhoto, AdminProduct } from '../../../lib/catalog/index.server';
import { PRODUCT_PHOTO_MAX_BYTES, PRODUCT_PHOTO_TYPES } from '../../../lib/catalog';
import { z } from '../../../lib/validation';
import { Field, TextField } from '../../shared/form-kit';
import { adminMutate, adminRequest } from '../shared/admin-api';
import { apiResolver, useAdminForm } from '../shared/admin-form';
import { buttonClass, Card, dangerButtonClass, secondaryButtonClass } from '../shared/ui';
import { useUnsavedChanges } from '../shared/unsaved-changes';
import { announceCatalogChange } from '../publishing/PublishingPanel';
import { formFields } from '../../shared/form-fields';

/**
 * Phone photos are often larger than an upload may be: shrink those in the browser (longest side
 * 2400 px, JPEG) rather than refusing them. The server checks type and size again.
 */
async function prepare(file: File): Promise<{ blob: Blob; type: string } | { error: string }> {
  if (!(PRODUCT_PHOTO_TYPES as readonly string[]).includes(file.type)) return { error: 'Choose a JPEG, PNG or WebP photo' };
  if (file.size <= PRODUCT_PHOTO_MAX_BYTES) return { blob: file, type: file.type };
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 2400 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob || blob.size > PRODUCT_PHOTO_MAX_BYTES) return { error: 'Choose a photo of at most 4 MB' };
    return { blob, type: 'image/jpeg' };
  } catch {
    return { error: 'That photo could not be read. Choose a JPEG, PNG or WebP photo of at most 4 MB' };
  }
}

const photoUpload = z.object({
  photo: z.custom<FileList>((files) => files instanceof FileList && files.length > 0, 'Choose a photo to upload'),
  alt: z.string().trim().min(1, 'Describe the photo for people who cannot see it').max(200, 'Use at most 200 characters'),
  altEs: z.string().trim().max(200, 'Use at most 200 characters'),
});
type PhotoUpload = z.input<typeof photoUpload>;
const uploadResolver = apiResolver(photoUpload, (v: PhotoUpload) => v);

/** Photos of one product: upload, describe, order (the first is the main photo) and delete. */
export function PhotoManager({ product, readOnly }: { product: AdminProduct; readOnly: boolean }) {
  const [photos, setPhotos] = useState<AdminPhoto[]>(product.photos);
  // Order and descriptions are saved together; until then they count as unsaved changes.
  const [dirty, setDirty] = useState(false);
  const arrangement = useUnsavedChanges(dirty);
  const [busy, setBusy] = useState(false);
  const form = useForm<PhotoUpload, unknown, z.output<typeof photoUpload>>({ resolver: uploadResolver, defaultValues: { photo: undefined as unknown as FileList, alt: product.name, altEs: product.nameEs ?? '' } });
  const uploading = useAdminForm(form);
  const { errors } = form.formState;
  const field = formFields(form);
  const base = adminApi.products.one(product.id, 'photos');

  const changed = (next: AdminPhoto[]) => {
    setPhotos(next);
    announceCatalogChange();
  };

  const upload = form.handleSubmit(async ({ photo, alt, altEs }) => {
    const prepared = await prepare(photo[0]!);
    if ('error' in prepared) return form.setError('photo', { type: 'file', message: prepared.error }, { shouldFocus: true });
    const query = new URLSearchParams({ alt, ...(altEs ? { altEs } : {}) });
    const result = await adminRequest<{ photo: AdminPhoto }>(`${base}?${query}`, {
      method: 'POST',
      body: prepared.blob,
      headers: { 'content-type': prepared.type },
    });
    if (!result.ok) {
      const fields = result.error.fields ?? {};
      if (fields.photo) form.setError('photo', { type: 'server', message: fields.photo }, { shouldFocus: true });
      if (fields.alt) form.setError('alt', { type: 'server', message: fields.alt });
      if (fields.altEs) form.setError('altEs', { type: 'server', message: fields.altEs });
      toast.error(result.error.message);
      return;
    }
    toast.success('Photo uploaded.');
    uploading.saved({ photo: undefined as unknown as FileList, alt: product.name, altEs: product.nameEs ?? '' });
    changed([...photos, result.data.photo]);
  });

  const move = (index: number, by: -1 | 1) => {
    const next = [...photos];
    const [photo] = next.splice(index, 1);
    next.splice(index + by, 0, photo!);
    setPhotos(next);
    setDirty(true);
  };

  const saveArrangement = async () => {
    setBusy(true);
    const result = await adminMutate<{ photos: AdminPhoto[] }>(base, 'PUT', { photos: photos.map((p) => ({ id: p.id, alt: p.alt, altEs: p.altEs })) }, 'Photo order and descriptions saved.');
    setBusy(false);
    if (result.ok) {
      arrangement.release();
      setDirty(false);
      changed(result.data.photos);
    }
  };

  const remove = async (photo: AdminPhoto) => {
    if (!confirm('Delete this photo?')) return;
    const result = await adminMutate(adminApi.products.one(product.id, 'photos', photo.id), 'DELETE', undefined, 'Photo deleted.');
    if (result.ok) changed(photos.filter((p) => p.id !== photo.id));
  };

  return (
    <Card title="Photos">
      <p className="mb-3 text-sm text-slate-700">The first photo is the main one on the product page and in lists.</p>
      {photos.length === 0 ? (
        <p className="mb-3 text-sm text-slate-800">No photos yet: the site shows the illustration.</p>
      ) : (
        <ol className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Photos in order">
          {photos.map((photo, index) => (
            <li key={photo.id} className="rounded-lg border border-slate-200 p-2">
              <img src={photo.url} alt={photo.alt} className="aspect-[4/3] w-full rounded bg-slate-100 object-cover" loading="lazy" />
              <TextField
                id={`alt-${photo.id}`}
                label={`Description of photo ${index + 1}`}
                className="mt-2"
                value={photo.alt}
                maxLength={200}
                disabled={readOnly}
                onChange={(e) => {
                  setPhotos(photos.map((p) => (p.id === photo.id ? { ...p, alt: e.target.value } : p)));
                  setDirty(true);
                }}
              />
              <TextField
                id={`alt-es-${photo.id}`}
                label={`Description of photo ${index + 1} in Spanish`}
                hint="Empty: the Spanish pages show the English."
                optional
                className="mt-2"
                value={photo.altEs ?? ''}
                maxLength={200}
                disabled={readOnly}
                onChange={(e) => {
                  // Empty is "not translated" (null), as the server stores it.
                  setPhotos(photos.map((p) => (p.id === photo.id ? { ...p, altEs: e.target.value || null } : p)));
                  setDirty(true);
                }}
              />
              {!readOnly && (
                <div className="mt-2 flex flex-wrap gap-2">
                  <button type="button" className={secondaryButtonClass} disabled={index === 0} onClick={() => move(index, -1)}>
                    Earlier<span className="sr-only"> (photo {index + 1})</span>
                  </button>
                  <button type="button" className={secondaryButtonClass} disabled={index === photos.length - 1} onClick={() => move(index, 1)}>
                    Later<span className="sr-only"> (photo {index + 1})</span>
                  </button>
                  <button type="button" className={dangerButtonClass} onClick={() => void remove(photo)}>
                    Delete<span className="sr-only"> photo {index + 1}</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {!readOnly && dirty && (
        <button type="button" className={`mb-4 ${buttonClass}`} disabled={busy} onClick={() => void saveArrangement()}>
          Save photo order and descriptions
        </button>
      )}
      {!readOnly && (
        <form onSubmit={(e) => void upload(e)} noValidate className="grid gap-3 border-t border-slate-200 pt-3 md:grid-cols-[1fr_1fr_1fr_auto] md:items-end">
          <Field label="Photo file" hint="JPEG, PNG or WebP. Larger photos are shrunk to fit 4 MB." error={errors.photo?.message} required>
            {(control) => <input {...control} {...form.register('photo')} type="file" accept={PRODUCT_PHOTO_TYPES.join(',')} className="mt-1 block w-full text-slate-900" />}
          </Field>
          <TextField {...field('alt')} label="Photo description" hint="What the photo shows, for people who cannot see it." maxLength={200} />
          <TextField {...field('altEs')} label="Photo description in Spanish" optional hint="Empty: the Spanish pages show the English." maxLength={200} />
          <button type="submit" className={buttonClass} disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Uploading…' : 'Upload photo'}
          </button>
        </form>
      )}
    </Card>
  );
}
