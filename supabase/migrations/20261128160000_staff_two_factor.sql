-- Staff sign-in hardening (issue #22): a second factor through better-auth's two-factor plugin, and
-- a lockout per account after repeated failures.

-- better-auth's two-factor plugin: a flag on the user and one row per user with the TOTP secret and
-- the recovery codes, both encrypted by better-auth with AUTH_SECRET. Names follow the plugin's schema
-- (model `twoFactor`, stored as `staff_two_factor` like the other `staff_*` tables).
alter table staff_user add column "twoFactorEnabled" boolean not null default false;

create table staff_two_factor (
  id text primary key,
  secret text not null,
  "backupCodes" text not null,
  "userId" text not null references staff_user(id) on delete cascade,
  -- false between "turn on" and the first code that confirms the authenticator app.
  verified boolean not null default true,
  -- The plugin's own lockout counters; this site turns that lockout off and counts failures per
  -- account in staff_sign_in_lockouts instead (passwords and codes together), but the plugin writes
  -- these columns whenever it is present.
  "failedVerificationCount" integer not null default 0,
  "lockedUntil" timestamptz
);
create unique index staff_two_factor_user_idx on staff_two_factor ("userId");

-- Failed sign-ins per e-mail address, whether or not a staff account has it, so the answer to a
-- locked address never tells whether the account exists. `failures` counts wrong passwords and codes
-- since `window_started_at`; reaching the limit sets `locked_until`. A successful sign-in or an
-- owner's unlock deletes the row.
create table staff_sign_in_lockouts (
  email text primary key check (email = lower(email) and length(email) <= 320),
  failures integer not null check (failures >= 0),
  window_started_at timestamptz not null,
  locked_until timestamptz
);

-- Neither table is for Supabase's Data API (see 20261123170000_supabase_ready_schema.sql).
alter table staff_two_factor enable row level security;
alter table staff_sign_in_lockouts enable row level security;
