import { useId, useState } from 'react';
import { adminApi } from '../../../lib/paths';
import { toast } from 'sonner';
import { LOGO_MAX_BYTES, LOGO_TYPE_MESSAGE, LOGO_TYPES } from '../../../lib/settings';
import type { BusinessLogo } from '../../../lib/settings/index.server';
import { errorClass, hintClass, labelClass } from '../../shared/form-classes';
import { adminMutate, adminRequest } from '../shared/admin-api';
import { Card, secondaryButtonClass } from '../shared/ui';

/**
 * The logo in the site's header (the business's name is its alt text). Uploaded as the file's bytes
 * to POST /api/admin/logo, which checks them again; each change asks for a rebuild.
 */
export function LogoForm({ initial, businessName }: { initial: BusinessLogo; businessName: string }) {
  const id = useId();
  const [logo, setLogo] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    // The browser's checks spare a slow upload; the server decides by the bytes.
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setError(LOGO_TYPE_MESSAGE);
    if (file.size > LOGO_MAX_BYTES) return setError('Choose a logo of at most 1 MB');
    setBusy(true);
    const result = await adminRequest<BusinessLogo>(adminApi.logo, { method: 'POST', body: file, headers: { 'content-type': file.type } });
    setBusy(false);
    if (!result.ok) {
      setError(result.error.fields?.logo ?? result.error.message);
      return;
    }
    setLogo(result.data);
    toast.success('Logo saved. The site shows it after the rebuild.');
  };

  const remove = async () => {
    setBusy(true);
    const result = await adminMutate<BusinessLogo>(adminApi.logo, 'DELETE', undefined, 'Logo removed. The header shows the business name after the rebuild.');
    setBusy(false);
    if (result.ok) setLogo(result.data);
  };

  return (
    <Card title="Logo">
      <div className="flex flex-wrap items-center gap-4">
        {logo.logoUrl ? (
          <img src={logo.logoUrl} alt={businessName} className="h-16 max-w-48 rounded border border-slate-200 bg-white object-contain p-1" />
        ) : (
          <p className="text-sm text-slate-700">No logo: the header shows the business name.</p>
        )}
        {logo.logoUrl && (
          <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => void remove()}>
            Remove logo
          </button>
        )}
      </div>
      <div className="mt-4">
        <label htmlFor={`${id}-file`} className={labelClass}>
          {logo.logoUrl ? 'Replace the logo' : 'Upload a logo'}
        </label>
        <p id={`${id}-hint`} className={hintClass}>
          PNG, JPEG or WebP, at most 1 MB. A wide logo on a transparent background looks best.
        </p>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={busy}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
          className="mt-1 block min-h-10 w-full text-sm"
        />
        {error && (
          <p id={`${id}-error`} className={errorClass} role="alert">
            {error}
          </p>
        )}
      </div>
    </Card>
  );
}
