-- release_unpaid_bookings as it is now, from supabase/migrations/20261202135447_confirmed_web_holds.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- As in 20261128100000_unpaid_holds.sql, in full, with `unconfirmed` in what it answers: a pay-later
-- website booking released because nobody confirmed it from the e-mail, which the customer's e-mail
-- about the release says. [{id, number, was, unconfirmed, deadline, email, eventStart, eventEnd,
-- placedAt, items: [{name, quantity}]}].
create or replace function release_unpaid_bookings(p_now timestamptz) returns json
language sql
set search_path = public, pg_temp
as $$
  with due as (
    select id, status, hold_expires_at, email_confirmed_at, source from bookings
    where status in ('hold', 'deposit_due') and hold_expires_at <= p_now
    order by id for update skip locked
  ), ended as (
    update bookings b set status = 'expired', hold_expires_at = null, updated_at = p_now
    from due where b.id = due.id
    returning b.id, b.number, due.status as was,
      (due.status = 'deposit_due' and due.source = 'web' and due.email_confirmed_at is null) as unconfirmed,
      due.hold_expires_at as deadline, b.contact_email, b.event_start, b.event_end, b.created_at
  ), released as (
    update unit_allocations a set released_at = p_now
    from ended where a.booking_id = ended.id and a.released_at is null
    returning a.id
  )
  select coalesce(json_agg(json_build_object(
    'id', e.id, 'number', e.number, 'was', e.was, 'unconfirmed', e.unconfirmed, 'deadline', e.deadline, 'email', e.contact_email,
    'eventStart', e.event_start, 'eventEnd', e.event_end, 'placedAt', e.created_at,
    'items', (select coalesce(json_agg(json_build_object('name', i.product_name, 'quantity', i.quantity) order by i.product_name), '[]')
              from booking_items i where i.booking_id = e.id)
  ) order by e.number), '[]')
  from ended e
$$;
