import { describe, expect, it } from 'vitest';
import type { DayRoute, DayStop } from '../../../lib/day/day';
import { paymentStopKeys } from './stops';

const stop = (bookingId: string, kind: DayStop['kind'], over: Partial<DayStop> = {}): DayStop =>
  ({ key: `${bookingId}:${kind}`, bookingId, kind, status: 'confirmed', balanceCents: 5000, ...over }) as DayStop;
const route = (...stops: DayStop[]): DayRoute => ({ truckId: null, truckName: 'Not assigned to a truck', stops, miles: null, routeUrl: null });

describe('paymentStopKeys', () => {
  it('offers a booking’s payment once, on its drop-off, when both stops are on the day', () => {
    expect([...paymentStopKeys([route(stop('a', 'pickup'), stop('a', 'delivery'), stop('b', 'delivery'), stop('b', 'pickup'))])].sort()).toEqual(['a:delivery', 'b:delivery']);
  });

  it('offers it on the pickup when the drop-off was another day', () => {
    expect([...paymentStopKeys([route(stop('a', 'pickup', { status: 'delivered' }))])]).toEqual(['a:pickup']);
  });

  it('offers nothing without a balance or for a status the crew do not collect for', () => {
    expect(paymentStopKeys([route(stop('a', 'delivery', { balanceCents: 0 }), stop('c', 'pickup', { status: 'completed' }), stop('d', 'delivery', { status: 'cancelled' }))]).size).toBe(0);
  });

  it('offers it for a party still deposit due: the money the stop says to collect can be recorded (issue #36)', () => {
    expect([...paymentStopKeys([route(stop('b', 'delivery', { status: 'deposit_due' }), stop('b', 'pickup', { status: 'deposit_due' }))])]).toEqual(['b:delivery']);
  });
});
