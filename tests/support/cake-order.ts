import { randomUUID } from 'node:crypto';
import { futureDate } from './api';

/** A valid pickup order for the demo's round birthday cake, as the order form sends it; `extra` overrides. */
export const cakeOrderBody = (extra: Record<string, unknown> = {}) => ({
  submissionId: randomUUID(),
  website: '',
  product: 'classic-round-birthday-cake',
  servings: 24,
  tiers: 1,
  flavour: 'funfetti',
  filling: 'chocolate-ganache',
  frosting: 'vanilla-buttercream',
  fulfilment: 'pickup',
  neededOn: futureDate(10),
  name: 'Priya Raman',
  email: 'priya.raman@example.com',
  phone: '(512) 555-0188',
  ...extra,
});
