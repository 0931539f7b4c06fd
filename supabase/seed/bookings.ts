import type { BookingRequest } from '../../src/lib/booking';
import type { CouponInput } from '../../src/lib/pricing/index.server';

export const demoCoupons: CouponInput[] = [
  {
    code: 'WELCOME10',
    description: '10 % off a first booking',
    kind: 'percent',
    percentOff: 10,
    amountOffCents: null,
    startsOn: null,
    endsOn: null,
    usageLimit: null,
    minimumOrderCents: 0,
    active: true,
  },
  {
    code: 'SPLASH25',
    description: '$25 off orders of $250 or more',
    kind: 'amount',
    percentOff: null,
    amountOffCents: 2500,
    startsOn: null,
    endsOn: null,
    usageLimit: 200,
    minimumOrderCents: 25000,
    active: true,
  },
];

/** A demo booking: a request as a customer would send it, placed `daysFromNow` days from seeding. */
export interface DemoBooking {
  daysFromNow: number;
  /** Where a past booking ended up. */
  finalStatus: 'confirmed' | 'completed';
  request: Omit<BookingRequest, 'event' | 'language'> & { event: { start: string; end: string } };
}

const terms = { acceptTerms: true as const, damageWaiver: true };

export const demoBookings: DemoBooking[] = [
  {
    daysFromNow: -24,
    finalStatus: 'completed',
    request: {
      ...terms,
      items: [{ product: 'pink-castle-bounce-house', quantity: 1 }, { product: 'table-and-chair-set', quantity: 2 }],
      event: { start: '10:00', end: '16:00' },
      customer: { name: 'Maria Delgado', email: 'maria.delgado@example.com', phone: '(512) 555-0117' },
      address: { line1: '2104 Sunrise Rd', city: 'Round Rock', state: 'TX', zip: '78664', surface: 'grass' },
    },
  },
  {
    daysFromNow: -10,
    finalStatus: 'completed',
    request: {
      ...terms,
      items: [{ product: 'double-dash-40-ft-obstacle-course', quantity: 1 }],
      event: { start: '12:00', end: '18:00' },
      customer: { name: 'James Whitfield', email: 'j.whitfield@example.com', phone: '(512) 555-0163' },
      address: { line1: '815 W Main St', city: 'Pflugerville', state: 'TX', zip: '78660', surface: 'grass', notes: 'School field day; gate on the north side.' },
    },
  },
  {
    daysFromNow: 5,
    finalStatus: 'confirmed',
    request: {
      ...terms,
      items: [{ product: 'flamingo-lagoon-wet-dry-combo', quantity: 1 }, { product: 'snow-cone-machine', quantity: 1 }],
      event: { start: '11:00', end: '17:00' },
      customer: { name: 'Priya Raman', email: 'priya.raman@example.com', phone: '(512) 555-0188' },
      address: { line1: '3300 Brushy Creek Rd', city: 'Cedar Park', state: 'TX', zip: '78613', surface: 'grass' },
    },
  },
  {
    daysFromNow: 12,
    finalStatus: 'confirmed',
    request: {
      ...terms,
      items: [{ product: 'backyard-birthday-package', quantity: 1 }],
      event: { start: '13:00', end: '19:00' },
      customer: { name: 'Tom Becker', email: 'tom.becker@example.com', phone: '(512) 555-0134' },
      address: { line1: '407 Rock St', city: 'Georgetown', state: 'TX', zip: '78626', surface: 'grass' },
    },
  },
  {
    daysFromNow: 19,
    finalStatus: 'confirmed',
    request: {
      ...terms,
      items: [{ product: 'big-top-carnival-bounce-house', quantity: 1 }, { product: 'giant-connect-four', quantity: 1 }],
      event: { start: '10:00', end: '14:00' },
      customer: { name: 'Alicia Moreno', email: 'alicia.moreno@example.com', phone: '(512) 555-0192' },
      address: { line1: '1201 E 6th St', city: 'Austin', state: 'TX', zip: '78702', surface: 'concrete' },
    },
  },
];
