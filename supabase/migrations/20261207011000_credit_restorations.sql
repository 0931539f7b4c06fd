-- Credit spent and given back after the credit it came from expired or was voided becomes a new credit
-- (restoreCreditIn). The sender must know which credits that new credit stands in for, and how much of
-- each: when the spending never reached QuickBooks (a website hold that lapsed), the old credit's memo
-- there still has that part open, so it is moved to the new credit's memo instead of staying open beside
-- it (src/lib/accounting/sync.server.ts, docs/decisions.md). One row per old credit a new one restores.
create table credit_restorations (
  credit_id uuid not null references customer_credits(id) on delete cascade,
  from_credit_id uuid not null references customer_credits(id) on delete cascade,
  -- The refund (method 'credit') whose part could not go back to the old credit.
  refund_id uuid not null references payments(id) on delete cascade,
  amount_cents integer not null check (amount_cents > 0 and amount_cents <= 100000000),
  primary key (credit_id, from_credit_id)
);
-- (The linter counts an index on the foreign key alone, not the primary key it leads.)
create index credit_restorations_credit_idx on credit_restorations (credit_id);
create index credit_restorations_refund_idx on credit_restorations (refund_id);
create index credit_restorations_from_idx on credit_restorations (from_credit_id);
alter table credit_restorations enable row level security;
