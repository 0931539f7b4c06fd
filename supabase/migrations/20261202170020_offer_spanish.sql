-- The public site in Spanish as well as English (issue #40): on for every business unless the owner turns
-- it off (Settings → Business profile); off, the build makes no /es/ page and shows no language switch.
alter table business_settings add column offer_spanish boolean not null default true;
