import { describe, expect, it } from 'vitest';
import { storedPhone } from '../../src/lib/texts/phone';
import { useDatabaseBefore } from '../support/database-before';

/**
 * Phone numbers stored as typed before the server wrote them in one shape: the migration writes the
 * customers' and the bookings' contacts as storedPhone would have, and leaves the rest of the row alone.
 */
const STORED_PHONE = '20261206182000';

const typed = [
  '5125550199',
  '(512) 555-0188',
  ' 512.555.0177 ',
  '1 512 555 0166',
  '+1 (512) 555-0155',
  '+44 20 7946 0958',
  '+5125550144',
  '44  20 7946 0958',
  '555-0100 ext 2',
];

describe('the stored phone format migration', () => {
  const before = useDatabaseBefore(STORED_PHONE);

  it('writes every customer’s phone and every booking’s contact phone as the server now stores them', async () => {
    await before.migrateToBefore();
    const updatedAt = new Date('2026-01-02T03:04:05Z');
    const ids: string[] = [];
    for (const [i, phone] of typed.entries()) {
      const [row] = await before.db.sql<{ id: string }[]>`
        insert into customers (name, email, phone, updated_at) values (${`Caller ${i}`}, ${`caller-${i}@example.com`}, ${phone}, ${updatedAt}) returning id`;
      ids.push(row!.id);
    }
    // A booking's contact may differ from its customer's record (a change's new contact, typed on the phone).
    const [booking] = await before.db.sql<{ id: string }[]>`
      insert into bookings (number, customer_id, status, event_start, event_end, address_line1, address_city, address_state, address_zip,
        subtotal_cents, total_cents, deposit_cents, contact_name, contact_email, contact_phone, created_at, updated_at)
      values ('PF-PHONE1', ${ids[0]!}, 'confirmed', '2027-03-01 15:00Z', '2027-03-01 23:00Z', '1 Main St', 'Round Rock', 'TX', '78664',
        10000, 10000, 3000, 'Caller', 'caller-0@example.com', '737.555.0133', ${updatedAt}, ${updatedAt})
      returning id`;

    expect((await before.migrateTheRest()).applied).toContain(STORED_PHONE);
    const rows = await before.db.sql<
      { id: string; phone: string; updated_at: Date }[]
    >`select id, phone, updated_at from customers`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(ids.map((id) => byId.get(id)!.phone)).toEqual(typed.map(storedPhone));
    expect(ids.map((id) => byId.get(id)!.phone)).toEqual([
      '(512) 555-0199',
      '(512) 555-0188',
      '(512) 555-0177',
      '(512) 555-0166',
      '(512) 555-0155',
      '+442079460958',
      '+5125550144',
      '44 20 7946 0958',
      '555-0100 ext 2',
    ]);
    const [contact] = await before.db.sql<
      { contact_phone: string; updated_at: Date }[]
    >`select contact_phone, updated_at from bookings where id = ${booking!.id}`;
    expect(contact).toEqual({ contact_phone: '(737) 555-0133', updated_at: updatedAt });
    // A format change, not an edit by anyone: the record's own time stays.
    expect(rows.every((r) => r.updated_at.getTime() === updatedAt.getTime())).toBe(true);
  });
});
