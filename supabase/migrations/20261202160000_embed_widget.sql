-- The booking widget on the owner's other website (issue #39).

-- Where it may be shown and where a booking made through it returns to (business/embed-settings.ts).
alter table business_settings
  add column embed jsonb not null default '{"origins": [], "thankYouUrl": ""}'
    check (jsonb_typeof(embed->'origins') = 'array' and jsonb_typeof(embed->'thankYouUrl') = 'string');

-- A widget's cart arrives at the checkout in a signed token; each token fills one cart, once.
create table embed_cart_redemptions (
  token_id uuid primary key,
  origin text not null check (length(origin) <= 200),
  redeemed_at timestamptz not null
);
create index embed_cart_redemptions_redeemed_at on embed_cart_redemptions (redeemed_at);
alter table embed_cart_redemptions enable row level security;

-- The host website a booking came through (its origin, from the redeemed token), for the analytics.
alter table bookings add column embed_origin text check (length(embed_origin) <= 200);
