-- The language of the page a quote request, a cake order or a contact message was sent from (issue #40):
-- the acknowledgement e-mail is written in it, staff see it beside the request and answer in it.
-- Everything sent before came from the English pages.
alter table quotes add column language text not null default 'en' check (language in ('en', 'es'));
alter table cake_orders add column language text not null default 'en' check (language in ('en', 'es'));
alter table contact_messages add column language text not null default 'en' check (language in ('en', 'es'));
