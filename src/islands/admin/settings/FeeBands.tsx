import type { Dispatch, SetStateAction } from 'react';
import { FieldError, TextField } from '../../shared/form-kit';
import { secondaryButtonClass } from '../shared/ui';

export interface BandText {
  upToMiles: string;
  fee: string;
}

/** The area builder's delivery fee by distance: up to 12 bands, each a distance and a fee as typed. */
export function FeeBands({
  bands,
  setBands,
  errors,
}: {
  bands: BandText[];
  setBands: Dispatch<SetStateAction<BandText[]>>;
  errors: Record<string, string>;
}) {
  const setBand = (i: number, change: Partial<BandText>) =>
    setBands((now) => now.map((b, j) => (j === i ? { ...b, ...change } : b)));
  return (
    <fieldset className="md:col-span-2">
      <legend className="font-semibold text-slate-900">Delivery fee by distance</legend>
      <p className="text-sm text-slate-700">
        Each band covers the towns up to its distance from the one before; towns further out pay the last band’s fee.
      </p>
      <ul className="mt-2 space-y-2">
        {bands.map((band, i) => (
          <li key={i} className="flex flex-wrap items-start gap-3">
            <TextField
              label={`Band ${i + 1}: up to (miles)`}
              inputMode="decimal"
              className="w-40"
              value={band.upToMiles}
              onChange={(e) => setBand(i, { upToMiles: e.target.value })}
              error={errors[`feeBands.${i}.upToMiles`]}
            />
            <TextField
              label={`Band ${i + 1}: fee ($)`}
              inputMode="decimal"
              className="w-40"
              value={band.fee}
              onChange={(e) => setBand(i, { fee: e.target.value })}
              error={errors[`feeBands.${i}.feeCents`]}
            />
            {bands.length > 1 && (
              <button
                type="button"
                className={`${secondaryButtonClass} mt-7`}
                onClick={() => setBands((now) => now.filter((_, j) => j !== i))}
              >
                Remove<span className="sr-only"> band {i + 1}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <FieldError id="area-builder-bands" message={errors['feeBands']} />
      {bands.length < 12 && (
        <button
          type="button"
          className={`${secondaryButtonClass} mt-2`}
          onClick={() =>
            setBands((now) => [
              ...now,
              { upToMiles: String((Number(now.at(-1)?.upToMiles) || 0) + 10), fee: now.at(-1)?.fee ?? '0' },
            ])
          }
        >
          Add a band
        </button>
      )}
    </fieldset>
  );
}
