-- new_link_token as it is now, from supabase/migrations/20261128130000_booking_tokens.sql.
-- Never run: the migrations are what the database applies. To change the function, write a new
-- migration with its whole `create or replace function` and make this file match it;
-- src/sql-functions.test.ts fails while they differ (docs/operations.md, "Changing a SQL function").

-- 32 bytes, base64url: the random part of two version-4 UUIDs (244 random bits) without pgcrypto,
-- which an embedded PostgreSQL need not have. The application makes its tokens with node:crypto;
-- this default covers rows written by hand and the bookings already stored.
create or replace function new_link_token() returns text
language sql volatile
set search_path = public, pg_temp
as $$
  select rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')
$$;
