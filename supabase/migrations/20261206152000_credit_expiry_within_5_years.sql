-- A credit is a debt the books carry until it is spent or ends, so none may run more than 5 years
-- from the day it was given (docs/decisions.md, "A credit's last day is at most 5 years away"). The app keeps to it on every
-- path it writes (staff's choice is checked, the policy's credit months are at most 60, a rain check
-- is capped at it); this makes it the database's rule too, for whatever else writes a credit (a
-- script, an import, a SQL function). The day is the row's created_at in UTC: the business's own
-- today can be a day ahead of UTC, hence one day of slack. null (no expiry) stays allowed.
--
-- A database from before may hold a credit beyond that (staff could type any date before the app's
-- check, e.g. 9999-12-31). Such a credit is brought to the last day allowed first: otherwise adding
-- the constraint fails, and if it were added NOT VALID the credit's next spend (an update of the
-- row) would be refused.
update customer_credits
  set expires_on = ((created_at at time zone 'UTC')::date + interval '5 years 1 day')::date
  where expires_on > ((created_at at time zone 'UTC')::date + interval '5 years 1 day')::date;

alter table customer_credits add constraint customer_credits_expiry_within_5_years
  check (expires_on is null or expires_on <= ((created_at at time zone 'UTC')::date + interval '5 years 1 day')::date);
