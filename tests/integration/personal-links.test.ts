import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Handler } from '../support/api';
import { createSeededDatabase, type TestDatabase } from '../support/database';

let db: TestDatabase;
let hi: Handler;

beforeAll(async () => {
  db = await createSeededDatabase();
  process.env.DATABASE_URL = db.url;
  hi = (await import('../../netlify/functions/hi')).default;
});
afterAll(async () => {
  const { closeDb } = await import('../../src/lib/db/client.server');
  await closeDb();
  await db.drop();
});

describe('GET /api/hi (personal /hi/{id} links)', () => {
  it('greets the customer of a booking by first name with the next step', async () => {
    const [booking] = await db.sql`
      select b.number from bookings b join customers c on c.id = b.customer_id
      where c.email = 'priya.raman@example.com'`;
    const { status, body } = await call(hi, 'GET', `/api/hi?id=${booking!.number.toLowerCase()}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      kind: 'booking',
      firstName: 'Priya',
      status: 'Confirmed',
      nextStep: { text: expect.stringMatching(/waiver/), label: 'Sign the waiver', href: `/sign-waiver?booking=${booking!.number}` },
    });
  });

  it('answers unknown and malformed ids with a friendly message', async () => {
    const unknown = await call(hi, 'GET', '/api/hi?id=PF-ZZZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/couldn’t find that link/);
    const malformed = await call(hi, 'GET', '/api/hi?id=%3Cscript%3E');
    expect(malformed.status).toBe(400);
  });
});
