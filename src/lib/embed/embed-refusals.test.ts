import { expect, it } from 'vitest';
import { serverErrorCatalog, translateError } from '../i18n';
import { NOT_FOUND } from './embed-refusals';

it('says in Spanish that the site has no product or category by the name a widget element gives', async () => {
  const spanish = await serverErrorCatalog('es');
  expect(Object.values(NOT_FOUND).map((message) => translateError(message, spanish))).toEqual(['No tenemos ningún producto con ese nombre', 'No tenemos ninguna categoría con ese nombre']);
});
