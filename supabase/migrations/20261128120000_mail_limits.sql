-- Mail only says what the business wrote (issue #22): acknowledgements to addresses nobody has
-- verified (contact, suggestion, quote and cake forms) are counted per day in the business's time
-- zone, across all visitors, against business_settings.unverified_mail_daily_cap. Past the cap the
-- submission is still stored and the business notified; only the acknowledgement is withheld.
create table unverified_mail_days (
  day date primary key,
  sent integer not null default 0 check (sent >= 0),
  withheld integer not null default 0 check (withheld >= 0),
  -- Whether the latest claim was within the cap: the claim's row stays locked until its transaction
  -- ends, so the statement that set it reads it back as its own answer.
  last_allowed boolean not null default true
);
alter table unverified_mail_days enable row level security;

-- Copies of a signed waiver e-mailed to its signer count against
-- business_settings.waiver_copies_per_booking; past it the waiver is signed and stored, not e-mailed.
alter table waivers add column copy_emailed boolean not null default true;
alter table waivers alter column copy_emailed set default false;
