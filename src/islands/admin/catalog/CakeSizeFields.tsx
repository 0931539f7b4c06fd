import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../shared/form-kit';
import { Card } from '../shared/ui';
import { DEFAULT_CAKE_BASE, MAX_CAKE_BASE_SERVINGS, MAX_CAKE_TIERS, type CakeSizeFields as CakeSizeValues } from '../../../lib/catalog';

/** The cake sizes as typed: text until saved, like the editor's other numbers. */
export type CakeSizeForm = Record<keyof CakeSizeValues, string>;

export const CAKE_SIZE_LABELS: Record<keyof CakeSizeValues, string> = {
  cakeBaseServings: 'Servings in the base price',
  cakeBaseTiers: 'Tiers in the base price',
  cakeMaxTiers: 'Most tiers',
};

const text = (v: number | null) => (v === null ? '' : String(v));
export const cakeSizeForm = (p: CakeSizeValues | null): CakeSizeForm => ({
  cakeBaseServings: text(p?.cakeBaseServings ?? null),
  cakeBaseTiers: text(p?.cakeBaseTiers ?? null),
  cakeMaxTiers: text(p?.cakeMaxTiers ?? null),
});

/**
 * A cake's sizes in the product editor (cake categories only): what its base price covers, which is
 * the smallest cake its order form offers, and how many tiers it can be stacked to.
 */
export function CakeSizeFields<T extends CakeSizeForm>({ formId, register, errors }: { formId: string; register: UseFormRegister<T>; errors: FieldErrors<T> }) {
  const field = (name: keyof CakeSizeForm, hint: string) => (
    <TextField
      formId={formId}
      {...register(name as Path<T>)}
      inputMode="numeric"
      label={CAKE_SIZE_LABELS[name]}
      hint={hint}
      optional
      error={(errors as FieldErrors<CakeSizeForm>)[name]?.message}
    />
  );
  return (
    <Card title="Cake size">
      <p className="mb-2 text-sm text-slate-700">The price above buys the smallest cake you bake of this kind; the order form offers it and larger sizes, each extra serving and tier priced on top.</p>
      <div className="grid gap-4 md:grid-cols-3">
        {field('cakeBaseServings', `Up to ${MAX_CAKE_BASE_SERVINGS}. Empty: ${DEFAULT_CAKE_BASE.servings}.`)}
        {field('cakeBaseTiers', `Empty: ${DEFAULT_CAKE_BASE.tiers}.`)}
        {field('cakeMaxTiers', `1 for a sheet cake. Empty: ${DEFAULT_CAKE_BASE.maxTiers}, at most ${MAX_CAKE_TIERS}.`)}
      </div>
    </Card>
  );
}
