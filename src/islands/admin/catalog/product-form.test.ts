import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { resolverFor, toForm, type ProductFormState } from './product-form';

const categories = [{ id: '0b0c0d0e-0000-4000-8000-000000000001', name: 'Bounce Houses', active: true, kind: 'rental' as const }];
const resolve = (values: Partial<ProductFormState>) =>
  resolverFor(categories)(
    { ...toForm(null, categories), slug: 'castle', name: 'Castle', shortDescription: 'A castle.', description: 'A castle.', basePriceCents: '175', ...values },
    undefined,
    { shouldUseNativeValidation: false, fields: {} } as ResolverOptions<ProductFormState>,
  );

describe('the product form’s one-item-a-line lists', () => {
  it('puts a line’s problem on its text area, naming the item, in English and in Spanish', async () => {
    const { errors } = await resolve({ included: `Blower\n${'x'.repeat(201)}`, includedEs: `Soplador\n\nEstacas\n${'y'.repeat(201)}` });
    expect(errors.included).toMatchObject({ message: 'Item 2: Use at most 200 characters' });
    expect(errors.includedEs).toMatchObject({ message: 'Item 3: Use at most 200 characters' });
  });

  it('sends the Spanish list line by line, and none when it is empty', async () => {
    expect((await resolve({ includedEs: ' Soplador \n\nEstacas' })).values).toMatchObject({ includedEs: ['Soplador', 'Estacas'] });
    expect((await resolve({ includedEs: '' })).values).toMatchObject({ includedEs: null });
  });
});
