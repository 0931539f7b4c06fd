import { expect, it } from 'vitest';
import { serverErrorCatalog, translateError } from '../i18n';
import { statusLabels, type BookingStatus } from './booking-status';
import { notPayableOnline } from './payment-refusals';

it('refuses an online payment of a booking no longer payable in a sentence the Spanish catalog has, for every such status', async () => {
  const spanish = await serverErrorCatalog('es');
  const refused = (Object.keys(statusLabels) as BookingStatus[]).flatMap((status) => notPayableOnline(status) ?? []);
  expect(refused).toHaveLength(3);
  for (const message of refused) expect(translateError(message, spanish), message).toMatch(/^Una reservación .+ no se puede pagar en línea\.$/);
  expect(notPayableOnline('confirmed')).toBeNull();
});
