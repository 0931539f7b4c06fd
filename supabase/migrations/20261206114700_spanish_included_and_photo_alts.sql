-- What a product includes and its photos' descriptions in Spanish, beside the English ones, as
-- 20261202230500_spanish_catalog.sql stores the names and descriptions: optional, null means "not
-- translated", and the Spanish pages then show the English as stored.
alter table products
  add column included_es text[] check (included_es is null or cardinality(included_es) between 1 and 30);

alter table product_photos
  add column alt_es text check (alt_es is null or length(alt_es) between 1 and 200);
