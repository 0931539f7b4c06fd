import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import type { AdminProduct } from '../../../lib/catalog/index.server';
import { fieldId, SelectField, TextField } from '../../shared/form-kit';
import { RecordOptions } from '../shared/options';
import { Card, secondaryButtonClass } from '../shared/ui';
import type { ProductOptions } from './product-form';
import { fieldsOf, type SectionProps } from './ProductSections';

/** A party package's contents in the product editor: the products it bundles and how many of each. */
export function PackageContents({ formId, form, product, options }: SectionProps & { product: AdminProduct | null; options: ProductOptions }) {
  const { watch } = form;
  const { errors } = form.formState;
  const field = fieldsOf({ formId, form });
  const packageItems = useFieldArray({ control: form.control, name: 'packageItems' });
  const [addItem, setAddItem] = useState('');
  const chosen = watch('packageItems');
  const candidates = options.packageCandidates.filter((c) => !chosen.some((i) => i.productId === c.id));
  const packageError = errors.packageItems?.message ?? errors.packageItems?.root?.message;

  return (
    <Card title="Package contents">
      <p className="mb-2 text-sm text-slate-700">A party package bundles other products; booking it reserves their units. Leave empty for a single product.</p>
      {packageError && (
        <p className="mb-2 font-semibold text-red-800" id={fieldId(formId, 'packageItems')}>
          {packageError}
        </p>
      )}
      {packageItems.fields.length > 0 && (
        <ul className="mb-3 grid gap-2">
          {packageItems.fields.map((item, index) => {
            const name = product?.packageItems.find((p) => p.productId === item.productId)?.name ?? options.packageCandidates.find((c) => c.id === item.productId)?.name ?? 'Product';
            return (
              <li key={item.id} className="flex flex-wrap items-end gap-2">
                <span className="min-w-48 flex-1 pb-2 font-semibold text-slate-900">{name}</span>
                <TextField {...field(`packageItems.${index}.quantity`)} label={`Quantity of ${name}`} inputMode="numeric" className="w-40" />
                <button type="button" className={secondaryButtonClass} onClick={() => packageItems.remove(index)}>
                  Remove<span className="sr-only"> {name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {candidates.length > 0 && (
        <div className="flex flex-wrap items-end gap-2">
          <SelectField label="Add a product to the package" required={false} value={addItem} onChange={(e) => setAddItem(e.target.value)}>
            <option value="">Choose a product</option>
            <RecordOptions records={candidates} label={(c) => c.name} />
          </SelectField>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={!addItem}
            onClick={() => {
              packageItems.append({ productId: addItem, quantity: '1' });
              setAddItem('');
            }}
          >
            Add to package
          </button>
        </div>
      )}
    </Card>
  );
}
