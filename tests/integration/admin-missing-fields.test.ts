import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';
import { adminCall, staffSession, useAdminEnv, closeAdminConnections } from '../support/staff';

/**
 * A required field left out of an admin request reads as a plain sentence at that field, never zod's
 * "Invalid input: expected object, received undefined"; what a schema words itself stays as it is.
 */
let db: TestDatabase;
let bookings: Handler;
let settings: Handler;
let cookie: string;

beforeAll(async () => {
  db = await createSeededDatabase();
  useAdminEnv(db.url);
  bookings = (await import('../../netlify/functions/admin-bookings')).default;
  settings = (await import('../../netlify/functions/admin-settings')).default;
  cookie = (await staffSession(db.sql, 'owner')).cookie;
});
afterAll(async () => {
  await closeAdminConnections();
  await db.drop();
});

describe('required fields left out of an admin request', () => {
  it('a booking taken with nothing in it names the event, the address and the customer as required', async () => {
    const answer = await adminCall(bookings, 'POST', '/api/admin/bookings', { cookie, body: {} });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation');
    expect(answer.body.error.fields).toMatchObject({ event: 'Required.', address: 'Required.', customer: 'Required.' });
    expect(JSON.stringify(answer.body)).not.toMatch(/Invalid input|expected \w+, received/);
  });

  it('booking settings without the delivery window name both of its ends as required', async () => {
    const answer = await adminCall(settings, 'PUT', '/api/admin/settings/booking', { cookie, body: { x: 1 } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toMatchObject({ deliveryWindowStart: 'Required.', deliveryWindowEnd: 'Required.' });
    expect(JSON.stringify(answer.body)).not.toMatch(/Invalid input|expected \w+, received/);
  });

  it('keeps a schema’s own words for a field left out, and zod’s for a value of the wrong kind', async () => {
    const answer = await adminCall(bookings, 'POST', '/api/admin/bookings', { cookie, body: { customer: { phone: '(512) 555-0100' }, event: 'tomorrow' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toMatchObject({ 'customer.name': 'Enter your name', 'customer.email': 'Enter your e-mail', address: 'Required.' });
    expect(answer.body.error.fields.event).toMatch(/^Invalid input: expected object, received string/);
  });
});
