import { FieldError, fieldId, fieldsetClass, legendClass, TextField } from '../shared/form-kit';
import { InlineRadios } from './InlineRadios';
import SignaturePadField from './SignaturePadField';
import type { WaiverFormState } from './use-waiver-form';

/** The waiver's last part: consent, then a drawn or a typed signature. */
export default function SignatureFields({ state: { formId, form, field, errors, kind, watched, padBox, words } }: {
  state: WaiverFormState;
}) {
  const { register, setValue, formState } = form;
  const t = words.form;
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{t.signLegend}</legend>
      <div className="flex items-start gap-3">
        <input
          id={fieldId(formId, 'consent')}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-700"
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? `${fieldId(formId, 'consent')}-error` : undefined}
          {...register('consent')}
        />
        <label htmlFor={fieldId(formId, 'consent')} className="text-slate-900">
          {t.consent}
        </label>
      </div>
      <FieldError id={fieldId(formId, 'consent')} message={errors.consent?.message} />

      <fieldset>
        <legend className="font-semibold text-slate-900">{t.howToSign}</legend>
        <InlineRadios
          className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6"
          options={[
            { value: 'drawn', label: t.drawn },
            { value: 'typed', label: t.typed },
          ]}
          {...register('signatureKind')}
        />
      </fieldset>

      {kind === 'typed' ? (
        <div>
          <TextField
            {...field('typedSignature')}
            label={t.typedLabel}
            hint={t.typedHint}
            autoComplete="off"
          />
          {watched.typedSignature && (
            <p
              aria-hidden="true"
              className="mt-3 border-b border-slate-400 pb-1 text-3xl text-slate-900"
              style={{ fontFamily: '"Segoe Script", "Brush Script MT", "Snell Roundhand", cursive' }}
            >
              {watched.typedSignature}
            </p>
          )}
        </div>
      ) : (
        <SignaturePadField
          id={fieldId(formId, 'signatureImage')}
          focusRef={padBox}
          words={{ label: t.padLabel, hint: t.padHint, clear: t.clear }}
          error={errors.signatureImage?.message}
          onChange={(dataUrl) => setValue('signatureImage', dataUrl, { shouldValidate: formState.isSubmitted })}
        />
      )}
      {kind === 'drawn' && (
        <p className="text-sm text-slate-700">{t.cantDraw}</p>
      )}
    </fieldset>
  );
}
