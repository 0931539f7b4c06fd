-- Admin bookings: refunds point at the payment they give money back from, so staff see how much of
-- each payment is still refundable and a second partial refund of one Stripe payment is possible.
-- Refund rows do not carry the payment intent id: the unique index on (stripe_payment_intent_id,
-- kind) keeps webhook replays idempotent and would otherwise allow one refund per payment.
alter table payments
  add column refund_of uuid references payments(id) on delete restrict,
  add constraint payments_refund_of_only_refunds check (refund_of is null or kind = 'refund');
create index payments_refund_of_idx on payments (refund_of) where refund_of is not null;

-- Staff lists sort bookings by creation and total, and search customers by name and phone.
create index bookings_created_idx on bookings (created_at desc);
create index customers_created_idx on customers (created_at desc);
