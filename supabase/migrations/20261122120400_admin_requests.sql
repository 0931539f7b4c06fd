-- Admin screens for customer requests: quotes answered with a priced offer, then converted into a
-- booking; cake orders moved through their pipeline; product suggestions reviewed.

-- The offer as staff sent it: the exact price request (items, event window, ZIP, coupon, damage
-- waiver) and the itemised price the pricing engine returned. Converting the quote books exactly
-- this request, so what the customer was offered is what the booking is for.
alter table quotes
  add column offer jsonb,
  add column staff_note text not null default '' check (length(staff_note) <= 2000),
  add constraint quotes_offer_complete check (status not in ('offered', 'accepted') or offer is not null);
create index quotes_status_idx on quotes (status, created_at desc);
create index quotes_event_date_idx on quotes (event_date);

-- Cake orders: when the status last changed, so the pipeline can show how long an order has waited.
alter table cake_orders add column status_changed_at timestamptz;
create index cake_orders_status_idx on cake_orders (status, needed_on);

create index product_suggestions_status_idx on product_suggestions (status, created_at desc);
