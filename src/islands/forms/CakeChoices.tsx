import { CAKE_FILLINGS, CAKE_FLAVOURS, CAKE_FROSTINGS, type CakeChoice, PREMIUM_FILLING_PER_SERVING_CENTS, PREMIUM_FROSTING_PER_SERVING_CENTS } from '../../lib/cakes';
import {
  Field,
  FieldError,
  fieldId,
  fieldsetClass,
  inputClass,
  legendClass,
  requiredNumber,
  SelectField,
  TextArea,
  TextField,
} from '../shared/form-kit';
import { formatMoney } from '../../lib/money';
import type { CakeOrderState } from './use-cake-order';

/** The cake order's first part: size, tiers, flavours, message, allergies and a reference photo. */

function choiceLabel(choice: CakeChoice, perServingCents: number | undefined) {
  return choice.premium && perServingCents !== undefined ? `${choice.label} (+${formatMoney(perServingCents)} per serving)` : choice.label;
}

/** The choices from the bakery's menus; a premium filling or frosting costs more per serving (flavours do not). */
const menus = [
  { name: 'flavour', label: 'Cake flavour', choices: CAKE_FLAVOURS, premiumCents: undefined },
  { name: 'filling', label: 'Filling', choices: CAKE_FILLINGS, premiumCents: PREMIUM_FILLING_PER_SERVING_CENTS },
  { name: 'frosting', label: 'Frosting', choices: CAKE_FROSTINGS, premiumCents: PREMIUM_FROSTING_PER_SERVING_CENTS },
] as const;

export default function CakeChoices({ state, productName }: { state: CakeOrderState; productName: string }) {
  const { formId, form, field, base, sizes, tierOptions, message, photoError, choosePhoto } = state;
  const errors = form.formState.errors;
  const photoId = fieldId(formId, 'referencePhoto');
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>Your {productName}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField {...field('servings', { setValueAs: requiredNumber })} label="Size">
          {sizes.map((s) => (
            <option key={s} value={s}>
              Serves {s}
            </option>
          ))}
        </SelectField>
        {tierOptions.length > 1 ? (
          <SelectField {...field('tiers', { setValueAs: requiredNumber })} label="Tiers">
            {tierOptions.map((t) => (
              <option key={t} value={t}>
                {t} {t === 1 ? 'tier' : 'tiers'}
              </option>
            ))}
          </SelectField>
        ) : (
          <div>
            <p className="font-semibold text-slate-900">Tiers</p>
            <p className="mt-3 text-slate-700">{base.tiers === 1 ? 'Single layer' : `${base.tiers} tiers`}</p>
            <FieldError id={fieldId(formId, 'tiers')} message={errors.tiers?.message} />
          </div>
        )}
        {menus.map((menu) => (
          <SelectField key={menu.name} {...field(menu.name)} label={menu.label}>
            {menu.choices.map((c) => (
              <option key={c.id} value={c.id}>
                {choiceLabel(c, menu.premiumCents)}
              </option>
            ))}
          </SelectField>
        ))}
        <TextField
          {...field('messageOnCake')}
          label="Message on the cake"
          optional
          maxLength={80}
          hint={`${message.length} of 80 characters`}
        />
      </div>
      <TextArea
        {...field('allergies')}
        label="Allergies and dietary needs"
        optional
        hint="Our kitchen also handles wheat, milk, eggs, soy and tree nuts."
        rows={2}
        maxLength={500}
      />
      <Field
        id={photoId}
        label="Reference photo"
        optional
        hint="A picture of a design you like: JPEG, PNG, WebP or GIF, up to 5 MB."
        error={photoError ?? undefined}
      >
        {(aria) => (
          <input
            {...aria}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className={`${inputClass} file:mr-3 file:rounded-full file:border-0 file:bg-brand-100 file:px-4 file:py-1 file:font-semibold file:text-brand-900`}
            onChange={(e) => choosePhoto(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
    </fieldset>
  );
}
