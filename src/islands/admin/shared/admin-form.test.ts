import { describe, expect, it } from 'vitest';
import { z } from '../../../lib/validation/zod';
import { apiResolver, DOLLARS_MESSAGE, NUMBER_MESSAGE, textReader, type TextProblems } from './admin-form';

describe('textReader', () => {
  it('reads numbers and dollars, empty as null where optional and NaN where required', () => {
    const problems: TextProblems = {};
    const read = textReader(problems);
    expect(read.number('a', ' 12 ')).toBe(12);
    expect(read.dollars('b', '$1,250.50')).toBe(125_050);
    expect(read.optionalNumber('c', '')).toBeNull();
    expect(read.optionalDollars('d', '  ')).toBeNull();
    expect(read.number('e', '')).toBeNaN();
    expect(problems).toEqual({});
  });

  it('notes what is not a number or an amount under its path', () => {
    const problems: TextProblems = {};
    const read = textReader(problems);
    expect(read.number('seats', 'twelve')).toBeNaN();
    expect(read.optionalDollars('price', '12.345')).toBeNaN();
    expect(problems).toEqual({ seats: NUMBER_MESSAGE, price: DOLLARS_MESSAGE });
  });
});

describe('apiResolver', () => {
  const schema = z.object({
    name: z.string().min(1, 'Enter a name'),
    priceCents: z.number({ error: 'Enter a price' }).int().min(1, 'More than zero'),
  });
  const resolver = apiResolver(schema, (v: { name: string; price: string }, read) => ({
    name: v.name,
    priceCents: read.dollars('priceCents', v.price),
  }));
  const options = { fields: {}, shouldUseNativeValidation: false } as const;

  it('gives the API body when the form is right', async () => {
    expect(await resolver({ name: 'Castle', price: '185.50' }, undefined, options)).toEqual({
      values: { name: 'Castle', priceCents: 18_550 },
      errors: {},
    });
  });

  it('shows every problem at once: what is not an amount in its own words, the rest in the schema’s', async () => {
    const result = await resolver({ name: '', price: 'ten' }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      name: { message: 'Enter a name' },
      priceCents: { message: DOLLARS_MESSAGE, type: 'text' },
    });
  });

  it('leaves a missing required amount to the schema', async () => {
    const result = await resolver({ name: 'Castle', price: '' }, undefined, options);
    expect(result.errors).toMatchObject({ priceCents: { message: 'Enter a price' } });
  });

  it('shows a rule of the form’s own, written to problems, beside its field', async () => {
    const capped = apiResolver(schema, (v: { name: string; price: string }, read, problems) => {
      const priceCents = read.dollars('priceCents', v.price);
      if (priceCents > 10_000) problems.priceCents = 'At most $100';
      return { name: v.name, priceCents };
    });
    const result = await capped({ name: 'Castle', price: '185.50' }, undefined, options);
    expect(result.errors).toMatchObject({ priceCents: { message: 'At most $100', type: 'text' } });
  });
});
