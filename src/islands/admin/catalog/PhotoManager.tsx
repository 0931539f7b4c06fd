import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { AdminPhoto, AdminProduct } from '../../../lib/admin/catalog.server';
import { PRODUCT_PHOTO_MAX_BYTES, PRODUCT_PHOTO_TYPES } from '../../../lib/admin/product-photo';
import { adminMutate, adminRequest } from '../shared/admin-api';
import { buttonClass, Card, dangerButtonClass, inputClass, labelClass, secondaryButtonClass } from '../shared/ui';
import { announceCatalogChange } from './PublishingPanel';

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

/** Photos of one product: upload, describe, order (the first is the main photo) and delete. */
export function PhotoManager({ product, readOnly }: { product: AdminProduct; readOnly: boolean }) {
  const [photos, setPhotos] = useState<AdminPhoto[]>(product.photos);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alt, setAlt] = useState(product.name);
  const [fileError, setFileError] = useState<string | null>(null);
  const [altError, setAltError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const altId = useId();
  const base = `/api/admin/products/${product.id}/photos`;

  const changed = (next: AdminPhoto[]) => {
    setPhotos(next);
    announceCatalogChange();
  };

  const upload = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    setFileError(null);
    setAltError(null);
    const file = fileRef.current?.files?.[0];
    if (!file) return setFileError('Choose a photo to upload');
    if (!alt.trim()) return setAltError('Describe the photo for people who cannot see it');
    const prepared = await prepare(file);
    if ('error' in prepared) return setFileError(prepared.error);
    setBusy(true);
    const result = await adminRequest<{ photo: AdminPhoto }>(`${base}?alt=${encodeURIComponent(alt.trim())}`, {
      method: 'POST',
      body: prepared.blob,
      headers: { 'content-type': prepared.type },
    });
    setBusy(false);
    if (!result.ok) {
      setFileError(result.error.fields?.photo ?? null);
      setAltError(result.error.fields?.alt ?? null);
      toast.error(result.error.message);
      return;
    }
    toast.success('Photo uploaded.');
    if (fileRef.current) fileRef.current.value = '';
    changed([...photos, result.data.photo]);
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...photos];
    const [photo] = next.splice(index, 1);
    next.splice(index + by, 0, photo!);
    setPhotos(next);
    setDirty(true);
  };

  const saveArrangement = async () => {
    setBusy(true);
    const result = await adminMutate<{ photos: AdminPhoto[] }>(base, 'PUT', { photos: photos.map((p) => ({ id: p.id, alt: p.alt })) }, 'Photo order and descriptions saved.');
    setBusy(false);
    if (result.ok) {
      setDirty(false);
      changed(result.data.photos);
    }
  };

  const remove = async (photo: AdminPhoto) => {
    if (!confirm('Delete this photo?')) return;
    const result = await adminMutate(`${base}/${photo.id}`, 'DELETE', undefined, 'Photo deleted.');
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
              <label className={`mt-2 ${labelClass}`} htmlFor={`alt-${photo.id}`}>
                Description of photo {index + 1}
              </label>
              <input
                id={`alt-${photo.id}`}
                className={`mt-1 ${inputClass}`}
                value={photo.alt}
                maxLength={200}
                disabled={readOnly}
                onChange={(e) => {
                  setPhotos(photos.map((p) => (p.id === photo.id ? { ...p, alt: e.target.value } : p)));
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
        <form onSubmit={(e) => void upload(e)} noValidate className="grid gap-3 border-t border-slate-200 pt-3 md:grid-cols-[1fr_1fr_auto] md:items-end">
          <div>
            <label htmlFor={fileId} className={labelClass}>
              Photo file
            </label>
            <p id={`${fileId}-hint`} className="text-xs text-slate-700">
              JPEG, PNG or WebP. Larger photos are shrunk to fit 4 MB.
            </p>
            <input
              ref={fileRef}
              id={fileId}
              type="file"
              accept={PRODUCT_PHOTO_TYPES.join(',')}
              className="mt-1 block w-full text-sm text-slate-900"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
            />
            {fileError && (
              <p id={`${fileId}-error`} className="mt-1 text-sm font-semibold text-red-800">
                {fileError}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={altId} className={labelClass}>
              Photo description
            </label>
            <p id={`${altId}-hint`} className="text-xs text-slate-700">
              What the photo shows, for people who cannot see it.
            </p>
            <input
              id={altId}
              className={`mt-1 ${inputClass}`}
              value={alt}
              maxLength={200}
              onChange={(e) => setAlt(e.target.value)}
              aria-invalid={altError ? true : undefined}
              aria-describedby={`${altId}-hint${altError ? ` ${altId}-error` : ''}`}
            />
            {altError && (
              <p id={`${altId}-error`} className="mt-1 text-sm font-semibold text-red-800">
                {altError}
              </p>
            )}
          </div>
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? 'Uploading…' : 'Upload photo'}
          </button>
        </form>
      )}
    </Card>
  );
}
