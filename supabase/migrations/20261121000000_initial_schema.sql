-- The whole business in one schema. Money is integer cents, times are timestamptz,
-- and every rule the database can hold (uniqueness, ranges, the no-double-booking
-- guarantee) is a constraint here rather than a hope in application code.

create extension if not exists btree_gist;

-- Single-row table: typed columns give real constraints that a key/value table cannot.
create table business_settings (
  id boolean primary key default true check (id),
  business_name text not null check (length(business_name) between 1 and 120),
  tagline text not null default '',
  phone text not null check (length(phone) between 7 and 30),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  address_line1 text not null,
  address_city text not null,
  address_state text not null check (address_state ~ '^[A-Z]{2}$'),
  address_zip text not null check (address_zip ~ '^\d{5}$'),
  timezone text not null default 'America/Chicago',
  -- {"mon": {"open": "08:00", "close": "20:00"}, "sun": null, ...}: office hours; null = closed
  office_hours jsonb not null,
  -- earliest delivery and latest pick-up for events, local time
  delivery_window_start time not null default '07:00',
  delivery_window_end time not null default '21:00',
  deposit_mode text not null default 'percent' check (deposit_mode in ('percent', 'flat')),
  deposit_percent integer not null default 30 check (deposit_percent between 0 and 100),
  deposit_flat_cents integer not null default 5000 check (deposit_flat_cents >= 0),
  deposit_minimum_cents integer not null default 5000 check (deposit_minimum_cents >= 0),
  balance_due_days_before integer not null default 0 check (balance_due_days_before between 0 and 60),
  damage_waiver_percent numeric(5,2) not null default 10 check (damage_waiver_percent between 0 and 50),
  damage_waiver_optional boolean not null default true,
  lead_time_hours integer not null default 24 check (lead_time_hours between 0 and 720),
  max_days_ahead integer not null default 365 check (max_days_ahead between 1 and 1095),
  default_setup_minutes integer not null default 60 check (default_setup_minutes between 0 and 600),
  default_teardown_minutes integer not null default 45 check (default_teardown_minutes between 0 and 600),
  hold_minutes integer not null default 30 check (hold_minutes between 5 and 1440),
  cake_lead_time_days integer not null default 3 check (cake_lead_time_days between 0 and 60),
  payment_mode text not null default 'deposit_online' check (payment_mode in ('deposit_online', 'pay_later')),
  currency text not null default 'usd' check (currency ~ '^[a-z]{3}$'),
  updated_at timestamptz not null default now()
);

create table categories (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (length(name) between 1 and 80),
  -- rental: delivered and picked up; supply: delivered with a rental; cake: made to order
  kind text not null default 'rental' check (kind in ('rental', 'supply', 'cake')),
  summary text not null default '',
  description text not null default '',
  image_url text,
  sort_order integer not null default 0,
  seo_title text check (length(seo_title) <= 70),
  seo_description text check (length(seo_description) <= 170),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table products (
  id uuid primary key default gen_random_uuid(),
  category_id uuid not null references categories(id) on delete restrict,
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null check (length(name) between 1 and 120),
  short_description text not null check (length(short_description) between 1 and 300),
  description text not null,
  included text[] not null default '{}',
  length_ft numeric(5,1) check (length_ft > 0),
  width_ft numeric(5,1) check (width_ft > 0),
  height_ft numeric(5,1) check (height_ft > 0),
  space_length_ft numeric(5,1) check (space_length_ft > 0),
  space_width_ft numeric(5,1) check (space_width_ft > 0),
  capacity integer check (capacity > 0),
  age_min integer check (age_min between 0 and 99),
  age_max integer check (age_max between 0 and 120),
  outlets_required integer not null default 0 check (outlets_required between 0 and 10),
  blower_hp numeric(3,1) check (blower_hp > 0),
  water_hookup boolean not null default false,
  surfaces text[] not null default '{grass}'
    check (surfaces <@ array['grass', 'concrete', 'asphalt', 'indoor', 'artificial-turf']::text[]),
  setup_minutes integer check (setup_minutes between 0 and 600),
  teardown_minutes integer check (teardown_minutes between 0 and 600),
  -- Pricing rule: base_price covers up to base_hours of the event window; the optional
  -- half-day price covers up to 4 hours; each further calendar day adds extra_day_price.
  pricing_unit text not null default 'rental' check (pricing_unit in ('rental', 'each')),
  base_price_cents integer not null check (base_price_cents >= 0),
  base_hours integer not null default 8 check (base_hours between 1 and 24),
  half_day_price_cents integer check (half_day_price_cents >= 0),
  extra_day_price_cents integer check (extra_day_price_cents >= 0),
  -- cakes and other made-to-order goods have no physical units to allocate
  tracks_inventory boolean not null default true,
  featured boolean not null default false,
  sort_order integer not null default 0,
  seo_title text check (length(seo_title) <= 70),
  seo_description text check (length(seo_description) <= 170),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (age_max is null or age_min is null or age_max >= age_min),
  check (half_day_price_cents is null or half_day_price_cents <= base_price_cents)
);
create index products_category_idx on products (category_id);

create table product_photos (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references products(id) on delete cascade,
  url text not null,
  alt text not null check (length(alt) between 1 and 200),
  sort_order integer not null default 0,
  unique (product_id, url)
);

-- A party package is a product made of other products; booking it allocates their units.
create table package_items (
  package_id uuid not null references products(id) on delete cascade,
  item_id uuid not null references products(id) on delete restrict,
  quantity integer not null default 1 check (quantity between 1 and 50),
  primary key (package_id, item_id),
  check (package_id <> item_id)
);

create table inventory_units (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references products(id) on delete cascade,
  label text not null check (length(label) between 1 and 40),
  serial_number text,
  status text not null default 'available' check (status in ('available', 'maintenance', 'retired')),
  notes text not null default '',
  purchased_on date,
  purchase_cost_cents integer check (purchase_cost_cents >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (product_id, label)
);

create table service_areas (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  city text not null,
  state text not null check (state ~ '^[A-Z]{2}$'),
  delivery_fee_cents integer not null check (delivery_fee_cents >= 0),
  -- basis points: 825 = 8.25 %
  tax_rate_bps integer not null check (tax_rate_bps between 0 and 2000),
  minimum_order_cents integer not null default 0 check (minimum_order_cents >= 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (city, state)
);

-- A ZIP belongs to exactly one service area, so the delivery fee and tax are never ambiguous.
create table service_area_zips (
  zip text primary key check (zip ~ '^\d{5}$'),
  service_area_id uuid not null references service_areas(id) on delete cascade
);
create index service_area_zips_area_idx on service_area_zips (service_area_id);

create table customers (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 120),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text not null check (length(phone) between 7 and 30),
  notes text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index customers_email_key on customers (lower(email));

create table coupons (
  id uuid primary key default gen_random_uuid(),
  code text not null unique check (code ~ '^[A-Z0-9-]{3,32}$'),
  description text not null default '',
  kind text not null check (kind in ('percent', 'amount')),
  percent_off integer check (percent_off between 1 and 100),
  amount_off_cents integer check (amount_off_cents > 0),
  starts_on date,
  ends_on date,
  usage_limit integer check (usage_limit > 0),
  times_used integer not null default 0 check (times_used >= 0),
  minimum_order_cents integer not null default 0 check (minimum_order_cents >= 0),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  check ((kind = 'percent') = (percent_off is not null)),
  check ((kind = 'amount') = (amount_off_cents is not null)),
  check (ends_on is null or starts_on is null or ends_on >= starts_on),
  check (usage_limit is null or times_used <= usage_limit)
);

create table bookings (
  id uuid primary key default gen_random_uuid(),
  number text not null unique check (number ~ '^[A-Z0-9-]{6,20}$'),
  customer_id uuid not null references customers(id) on delete restrict,
  status text not null check (status in (
    'hold', 'deposit_due', 'confirmed', 'out_for_delivery', 'delivered', 'completed', 'cancelled', 'expired')),
  source text not null default 'web' check (source in ('web', 'admin', 'quote', 'phone')),
  event_start timestamptz not null,
  event_end timestamptz not null,
  address_line1 text not null,
  address_line2 text,
  address_city text not null,
  address_state text not null check (address_state ~ '^[A-Z]{2}$'),
  address_zip text not null check (address_zip ~ '^\d{5}$'),
  service_area_id uuid references service_areas(id) on delete set null,
  surface text check (surface in ('grass', 'concrete', 'asphalt', 'indoor', 'artificial-turf')),
  customer_notes text not null default '',
  staff_notes text not null default '',
  coupon_id uuid references coupons(id) on delete set null,
  damage_waiver_accepted boolean not null default true,
  subtotal_cents integer not null check (subtotal_cents >= 0),
  delivery_fee_cents integer not null default 0 check (delivery_fee_cents >= 0),
  damage_waiver_cents integer not null default 0 check (damage_waiver_cents >= 0),
  discount_cents integer not null default 0 check (discount_cents >= 0),
  tax_cents integer not null default 0 check (tax_cents >= 0),
  total_cents integer not null check (total_cents >= 0),
  deposit_cents integer not null check (deposit_cents >= 0),
  amount_paid_cents integer not null default 0 check (amount_paid_cents >= 0),
  balance_due_on date,
  hold_expires_at timestamptz,
  stripe_checkout_session_id text unique,
  stripe_customer_id text,
  stripe_payment_method_id text,
  terms_accepted_at timestamptz,
  cancelled_at timestamptz,
  cancellation_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (event_end > event_start),
  check (total_cents = subtotal_cents + delivery_fee_cents + damage_waiver_cents - discount_cents + tax_cents),
  check (deposit_cents <= total_cents),
  check (status <> 'hold' or hold_expires_at is not null)
);
create index bookings_event_start_idx on bookings (event_start);
create index bookings_customer_idx on bookings (customer_id);
create index bookings_status_idx on bookings (status);

create table booking_items (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings(id) on delete cascade,
  product_id uuid not null references products(id) on delete restrict,
  product_name text not null,
  quantity integer not null check (quantity between 1 and 100),
  unit_price_cents integer not null check (unit_price_cents >= 0),
  line_total_cents integer not null check (line_total_cents = unit_price_cents * quantity),
  unique (booking_id, product_id)
);

-- The guarantee: one physical unit can never be in two overlapping windows. "during" is the
-- event window widened by the product's setup and teardown buffers, half-open [start, end)
-- so back-to-back bookings that merely touch are allowed. Released rows (expired holds,
-- cancellations) stay for history but no longer block.
create table unit_allocations (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings(id) on delete cascade,
  booking_item_id uuid not null references booking_items(id) on delete cascade,
  unit_id uuid not null references inventory_units(id) on delete restrict,
  during tstzrange not null check (not isempty(during) and lower_inc(during) and not upper_inc(during)),
  released_at timestamptz,
  created_at timestamptz not null default now(),
  constraint unit_allocations_no_overlap
    exclude using gist (unit_id with =, during with &&) where (released_at is null)
);
create index unit_allocations_booking_idx on unit_allocations (booking_id);
create index unit_allocations_during_idx on unit_allocations using gist (during) where (released_at is null);

create table payments (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings(id) on delete restrict,
  kind text not null check (kind in ('deposit', 'balance', 'refund', 'other')),
  method text not null check (method in ('stripe', 'cash', 'check', 'card_in_person')),
  status text not null default 'succeeded' check (status in ('pending', 'succeeded', 'failed')),
  amount_cents integer not null check (amount_cents > 0),
  stripe_payment_intent_id text,
  stripe_checkout_session_id text,
  stripe_refund_id text unique,
  recorded_by text,
  note text not null default '',
  created_at timestamptz not null default now()
);
create index payments_booking_idx on payments (booking_id);
create unique index payments_intent_kind_key on payments (stripe_payment_intent_id, kind)
  where stripe_payment_intent_id is not null;

-- Stripe delivers events at least once; the primary key makes a replay a no-op.
create table stripe_events (
  id text primary key,
  type text not null,
  livemode boolean not null default false,
  received_at timestamptz not null default now(),
  processed_at timestamptz,
  error text
);

create table blackouts (
  id uuid primary key default gen_random_uuid(),
  scope text not null check (scope in ('business', 'category', 'product')),
  category_id uuid references categories(id) on delete cascade,
  product_id uuid references products(id) on delete cascade,
  starts_on date not null,
  ends_on date not null,
  reason text not null default '',
  created_at timestamptz not null default now(),
  check (ends_on >= starts_on),
  check ((scope = 'category') = (category_id is not null)),
  check ((scope = 'product') = (product_id is not null))
);
create index blackouts_dates_idx on blackouts (starts_on, ends_on);

create table quotes (
  id uuid primary key default gen_random_uuid(),
  number text not null unique check (number ~ '^[A-Z0-9-]{6,20}$'),
  customer_id uuid references customers(id) on delete set null,
  name text not null,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text not null default '',
  event_type text not null,
  event_date date not null,
  guest_count integer check (guest_count between 1 and 10000),
  zip text not null check (zip ~ '^\d{5}$'),
  details text not null default '',
  budget_cents integer check (budget_cents >= 0),
  status text not null default 'new' check (status in ('new', 'offered', 'accepted', 'converted', 'declined', 'expired')),
  offer_total_cents integer check (offer_total_cents >= 0),
  offer_message text,
  offered_at timestamptz,
  booking_id uuid references bookings(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table quote_items (
  id uuid primary key default gen_random_uuid(),
  quote_id uuid not null references quotes(id) on delete cascade,
  product_id uuid references products(id) on delete set null,
  description text not null,
  quantity integer not null default 1 check (quantity between 1 and 100)
);

create table waivers (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings(id) on delete restrict,
  signer_name text not null check (length(signer_name) between 2 and 120),
  signer_email text not null check (signer_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  signer_phone text not null default '',
  adults jsonb not null default '[]',
  guests jsonb not null default '[]',
  rules_acknowledged text[] not null,
  signature_kind text not null check (signature_kind in ('drawn', 'typed')),
  signature_data text not null,
  waiver_version text not null,
  text_sha256 text not null check (text_sha256 ~ '^[0-9a-f]{64}$'),
  signed_at timestamptz not null default now(),
  ip_address text,
  user_agent text,
  pdf_path text,
  created_at timestamptz not null default now()
);
create index waivers_booking_idx on waivers (booking_id);

create table cake_orders (
  id uuid primary key default gen_random_uuid(),
  number text not null unique check (number ~ '^[A-Z0-9-]{6,20}$'),
  product_id uuid not null references products(id) on delete restrict,
  customer_id uuid references customers(id) on delete set null,
  name text not null,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text not null,
  servings integer not null check (servings between 1 and 500),
  tiers integer not null default 1 check (tiers between 1 and 6),
  flavour text not null,
  filling text,
  frosting text not null,
  message_on_cake text check (length(message_on_cake) <= 80),
  allergies text not null default '',
  fulfilment text not null check (fulfilment in ('pickup', 'delivery')),
  booking_id uuid references bookings(id) on delete set null,
  needed_on date not null,
  reference_photo_path text,
  price_cents integer not null check (price_cents >= 0),
  status text not null default 'new' check (status in ('new', 'confirmed', 'baking', 'ready', 'delivered', 'cancelled')),
  staff_notes text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (fulfilment = 'pickup' or booking_id is not null)
);

create table product_suggestions (
  id uuid primary key default gen_random_uuid(),
  name text,
  email text check (email is null or email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  what text not null check (length(what) between 2 and 200),
  why text not null default '',
  link text,
  status text not null default 'new' check (status in ('new', 'reviewed')),
  staff_note text not null default '',
  created_at timestamptz not null default now(),
  reviewed_at timestamptz
);

create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('contact', 'support')),
  name text not null,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone text not null default '',
  subject text not null default '',
  message text not null check (length(message) between 1 and 5000),
  booking_number text,
  status text not null default 'new' check (status in ('new', 'answered', 'closed')),
  created_at timestamptz not null default now()
);

-- Every submission is stored first; mail is sent from here and retried, so an outage loses nothing.
create table outbound_emails (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  template text not null,
  payload jsonb not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text,
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index outbound_emails_pending_idx on outbound_emails (next_attempt_at) where status = 'pending';

-- Fixed-window counters for public endpoints (track-order, forms); works across function instances.
create table rate_limits (
  key text not null,
  window_start timestamptz not null,
  hits integer not null default 1 check (hits > 0),
  primary key (key, window_start)
);

-- Staff accounts. Table and column names follow better-auth's schema (with its admin plugin),
-- so the library reads and writes them directly.
create table staff_user (
  id text primary key,
  name text not null,
  email text not null unique,
  "emailVerified" boolean not null default false,
  image text,
  role text not null default 'crew' check (role in ('owner', 'manager', 'crew')),
  banned boolean default false,
  "banReason" text,
  "banExpires" timestamptz,
  "calendarToken" text unique,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now()
);

create table staff_session (
  id text primary key,
  "expiresAt" timestamptz not null,
  token text not null unique,
  "ipAddress" text,
  "userAgent" text,
  "userId" text not null references staff_user(id) on delete cascade,
  "impersonatedBy" text,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now()
);
create index staff_session_user_idx on staff_session ("userId");

create table staff_account (
  id text primary key,
  "accountId" text not null,
  "providerId" text not null,
  "userId" text not null references staff_user(id) on delete cascade,
  "accessToken" text,
  "refreshToken" text,
  "idToken" text,
  "accessTokenExpiresAt" timestamptz,
  "refreshTokenExpiresAt" timestamptz,
  scope text,
  password text,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now()
);
create index staff_account_user_idx on staff_account ("userId");

create table staff_verification (
  id text primary key,
  identifier text not null,
  value text not null,
  "expiresAt" timestamptz not null,
  "createdAt" timestamptz not null default now(),
  "updatedAt" timestamptz not null default now()
);

create table staff_rate_limit (
  id text primary key,
  key text not null unique,
  count integer not null,
  "lastRequest" bigint not null
);

create table audit_log (
  id bigint generated always as identity primary key,
  actor_id text references staff_user(id) on delete set null,
  actor_email text,
  action text not null,
  entity text not null,
  entity_id text,
  before jsonb,
  after jsonb,
  ip_address text,
  created_at timestamptz not null default now()
);
create index audit_log_entity_idx on audit_log (entity, entity_id);
create index audit_log_created_idx on audit_log (created_at);

create table analytics_events (
  id bigint generated always as identity primary key,
  name text not null check (name in ('page_view', 'product_view', 'add_to_cart', 'checkout_start', 'booking_created')),
  path text not null check (length(path) <= 500),
  product_id uuid references products(id) on delete set null,
  visitor_id text check (length(visitor_id) <= 64),
  referrer text check (length(referrer) <= 500),
  created_at timestamptz not null default now()
);
create index analytics_events_name_created_idx on analytics_events (name, created_at);

-- Publishing: when staff change what static pages show, the site is rebuilt (debounced).
create table site_builds (
  id bigint generated always as identity primary key,
  requested_at timestamptz not null default now(),
  triggered_at timestamptz,
  reason text not null,
  status text not null default 'pending' check (status in ('pending', 'triggered', 'failed'))
);
