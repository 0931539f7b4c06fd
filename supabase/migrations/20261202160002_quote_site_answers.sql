-- A quote request asks about the setup spot as checkout does (issue #38): the customer's answers, held
-- by the same engine when the request is taken (a refusal stores nothing), priced with the offer and
-- carried to the booking the quote becomes; and what staff must call about ("not sure", not answered).
alter table quotes
  add column site_answers jsonb not null default '{}',
  add column site_flags text[] not null default '{}';
