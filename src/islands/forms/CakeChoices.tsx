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
import { useFormWords } from './form-words';
import { translateError } from '../../lib/i18n';

/** The cake order's first part: size, tiers, flavours, message, allergies and a reference photo. */

/** A menu's choice; its name in the page's language (the cake words' `choices`, by the English name). */
function choiceLabel(choice: CakeChoice, perServingCents: number | undefined, names: Readonly<Record<string, string>>, perServing: (choice: string, amount: string) => string) {
  const name = translateError(choice.label, names);
  return choice.premium && perServingCents !== undefined ? perServing(name, formatMoney(perServingCents)) : name;
}

/** The choices from the bakery's menus; a premium filling or frosting costs more per serving (flavours do not). */
const menus = [
  { name: 'flavour', label: 'flavour', choices: CAKE_FLAVOURS, premiumCents: undefined },
  { name: 'filling', label: 'filling', choices: CAKE_FILLINGS, premiumCents: PREMIUM_FILLING_PER_SERVING_CENTS },
  { name: 'frosting', label: 'frosting', choices: CAKE_FROSTINGS, premiumCents: PREMIUM_FROSTING_PER_SERVING_CENTS },
] as const;

export default function CakeChoices({ state, productName }: { state: CakeOrderState; productName: string }) {
  const { formId, form, field, base, sizes, tierOptions, message, photoError, choosePhoto } = state;
  const { t, forms, say, err } = useFormWords<'cakeForm'>();
  const perServing = (choice: string, amount: string) => say(t.perServing, { choice, amount });
  const errors = form.formState.errors;
  const photoId = fieldId(formId, 'referencePhoto');
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{say(t.yourCake, { name: productName })}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField {...field('servings', { setValueAs: requiredNumber })} label={t.size}>
          {sizes.map((s) => (
            <option key={s} value={s}>
              {say(t.serves, { n: s })}
            </option>
          ))}
        </SelectField>
        {tierOptions.length > 1 ? (
          <SelectField {...field('tiers', { setValueAs: requiredNumber })} label={t.tiers}>
            {tierOptions.map((n) => (
              <option key={n} value={n}>
                {say(n === 1 ? t.tierOne : t.tierMany, { n })}
              </option>
            ))}
          </SelectField>
        ) : (
          <div>
            <p className="font-semibold text-slate-900">{t.tiers}</p>
            <p className="mt-3 text-slate-700">{base.tiers === 1 ? t.singleLayer : say(t.tierMany, { n: base.tiers })}</p>
            <FieldError id={fieldId(formId, 'tiers')} message={err(errors.tiers?.message)} />
          </div>
        )}
        {menus.map((menu) => (
          <SelectField key={menu.name} {...field(menu.name)} label={t[menu.label]}>
            {menu.choices.map((c) => (
              <option key={c.id} value={c.id}>
                {choiceLabel(c, menu.premiumCents, t.choices, perServing)}
              </option>
            ))}
          </SelectField>
        ))}
        <TextField
          {...field('messageOnCake')}
          label={t.message}
          optional
          maxLength={80}
          hint={say(t.messageCount, { n: message.length })}
        />
      </div>
      <TextArea
        {...field('allergies')}
        label={t.allergies}
        optional
        hint={t.allergiesHint}
        rows={2}
        maxLength={500}
      />
      <Field
        id={photoId}
        label={t.photo}
        optional
        optionalText={forms.optional}
        hint={t.photoHint}
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
