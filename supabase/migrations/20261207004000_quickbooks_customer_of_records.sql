-- Two customers merged on the site stay two in QuickBooks: the removed one's invoices, deposits held
-- and credit memos stay on its QuickBooks customer. The sender named the customer from the item, which
-- after a merge is the kept one, so a payment applied to a moved booking's invoice, credit spent from a
-- moved memo, its write-off, or a journal entry of a moved booking's deposits named the wrong customer
-- (QuickBooks refuses a Payment whose customer is not the one of the invoice and memos it links).
-- The sender now keeps, in accounting_objects, the QuickBooks customer each booking's records and each
-- credit's memo were made for ('qbo_customer:booking:<id>', 'qbo_customer:credit:<id>') and names it
-- for everything after (src/lib/accounting/sync.server.ts, docs/decisions.md). For what was sent before
-- it did, the customer is the one the records were made for: the booking's or the credit's customer
-- today (a merge before this migration moved them already; that cannot be told apart here).

insert into accounting_objects (local_key, qbo_type, qbo_id)
select 'qbo_customer:booking:' || b.id, 'Customer', c.qbo_id
from bookings b join accounting_objects c on c.local_key = 'customer:' || b.customer_id
where exists (select 1 from accounting_objects o where o.local_key in ('invoice:' || b.id, 'deposit_income:' || b.id))
   or exists (select 1 from payments p join accounting_objects o on o.local_key in ('payment:' || p.id, 'refund:' || p.id) where p.booking_id = b.id)
on conflict (local_key) do nothing;

insert into accounting_objects (local_key, qbo_type, qbo_id)
select 'qbo_customer:credit:' || k.id, 'Customer', c.qbo_id
from customer_credits k join accounting_objects c on c.local_key = 'customer:' || k.customer_id
where exists (select 1 from accounting_objects o where o.local_key = 'credit:' || k.id)
on conflict (local_key) do nothing;
