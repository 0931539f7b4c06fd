import { describe, expect, it } from 'vitest';
import type { Resolver } from 'react-hook-form';
import { withTranslatedErrors } from './translated-resolver';

const catalog = { 'Enter the guest’s name': 'Escriba el nombre del invitado', 'Name at most {n} adults': 'Anote como máximo {n} adultos' };
const ref = { focus() {} };
const failing: Resolver<{ guests: { name: string }[] }> = async () => ({
  values: {},
  errors: { guests: [undefined, { name: { type: 'too_small', message: 'Enter the guest’s name', ref } }], adults: { type: 'too_big', message: 'Name at most 4 adults', root: { type: 'custom', message: 'Unknown words stay' } } } as never,
});
const passing: Resolver<{ guests: { name: string }[] }> = async (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe('a resolver whose messages come in the page’s language', () => {
  it('translates every message in the tree of errors, rows and roots included, and leaves the refs alone', async () => {
    const { errors } = (await withTranslatedErrors(failing, catalog)({ guests: [] }, undefined, options)) as { errors: { guests: { name: { ref: unknown } }[] } };
    expect(errors).toEqual({
      guests: [undefined, { name: { type: 'too_small', message: 'Escriba el nombre del invitado', ref } }],
      adults: { type: 'too_big', message: 'Anote como máximo 4 adultos', root: { type: 'custom', message: 'Unknown words stay' } },
    });
    expect(errors.guests[1]!.name.ref).toBe(ref);
  });

  it('passes a success through, and is the resolver itself without a catalog (an English page)', async () => {
    expect(await withTranslatedErrors(passing, catalog)({ guests: [] }, undefined, options)).toEqual({ values: { guests: [] }, errors: {} });
    expect(withTranslatedErrors(failing, null)).toBe(failing);
  });
});
