import { useFieldArray } from 'react-hook-form';
import type { ProductFreeCount } from '../../../../lib/booking/index.server';
import { lineReason } from '../../../../lib/staff-bookings';
import type { WindowProblem } from '../../../../lib/availability';
import type { DeskQuote } from '../../../../lib/staff-bookings/index.server';
import { formatMoney } from '../../../../lib/money';
import { TextField } from '../../../shared/form-kit';
import type { ApiError } from '../../../shared/api';
import { Card, secondaryButtonClass } from '../../shared/ui';
import { fieldError, type DeskForm } from './desk-form';
import { ProductSearch } from './ProductSearch';

type FreeAnswer = { ok: true; data: { products: ProductFreeCount[] } } | { ok: false; error: ApiError } | null;

export function ItemsCard({
  form,
  free,
  quote,
  windowProblem,
}: {
  form: DeskForm;
  free: FreeAnswer;
  quote: DeskQuote | null;
  /** Why the window the form holds cannot be booked (said at the When card): the list does not repeat it per product. */
  windowProblem: WindowProblem | null;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'items' });
  const products = free?.ok ? free.data.products : [];
  const chosen = new Set(form.watch('items').map((i) => i.product));
  const err = (path: string) => fieldError(form, path);
  return (
    <Card title="Items">
      {free && !free.ok && <p className="mb-2 text-sm font-semibold text-red-800">{free.error.message}</p>}
      <ProductSearch
        windowProblem={windowProblem}
        products={products.filter((p) => !chosen.has(p.product))}
        onChoose={(product) => append({ product, quantity: '1' }, { shouldFocus: false })}
      />
      {err('items') && <p className="mt-2 text-sm font-semibold text-red-800">{err('items')}</p>}
      <ul className="mt-3 grid gap-2" aria-label="Items on the booking">
        {fields.map((field, index) => {
          const line = quote?.lines.find((l) => l.product === form.getValues(`items.${index}.product`));
          const name = line?.name ?? products.find((p) => p.product === field.product)?.name ?? field.product;
          // A reason every line shares (the date, the times, the business closed) is said once, at the When card.
          const reason = line ? lineReason(line, quote?.windowProblem ?? null) : null;
          return (
            <li key={field.id} className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 p-2">
              <div className="min-w-0 grow">
                <p className="font-semibold text-slate-900">{name}</p>
                {line && (
                  <p className={`text-sm ${reason ? 'font-semibold text-red-800' : 'text-slate-700'}`}>
                    {reason ?? `${line.description} · ${formatMoney(line.lineTotalCents)}`}
                  </p>
                )}
              </div>
              <TextField
                {...form.register(`items.${index}.quantity`)}
                label="Quantity"
                inputMode="numeric"
                className="w-24"
                error={err(`items.${index}.quantity`) ?? err(`items.${index}.product`)}
              />
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => remove(index)}
                aria-label={`Remove ${name}`}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
