-- Your business, not the demo (issue #23): what used to be written in code is the business's data.
alter table business_settings
  -- Whether the delivery charge and the damage waiver are taxed with a taxable rental: a state's rule
  -- (Texas taxes both; many states tax neither), so the owner's setting, not code.
  add column tax_delivery_fee boolean not null default false,
  add column tax_damage_waiver boolean not null default false,
  -- The site's brand colour; the build derives the palette's shades from it. The SPEC's pink by default.
  add column brand_color text not null default '#db2777' check (brand_color ~ '^#[0-9a-f]{6}$'),
  -- The logo in the file storage ('' for none: the header shows the business's name alone).
  add column logo_path text not null default '' check (length(logo_path) <= 300),
  -- True while the site is the seeded demo business: the demo's own content entries (marked `demo`)
  -- are built only then. "Remove the demo" clears it.
  add column is_demo boolean not null default false;

-- Every row before this version was priced with both taxed (the code's old Texas rule) and was the
-- seeded demo: keep what it charged and showed.
update business_settings set tax_delivery_fee = true, tax_damage_waiver = true, is_demo = true;

-- The county a served town lies in, shown on its landing pages (filled from the ZIP data when the
-- area is made from a radius or a ZIP list, editable after).
alter table service_areas add column county text not null default '' check (length(county) <= 80);
