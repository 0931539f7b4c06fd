-- The waiver in the signer's language (issue #40): each language has its own text and its own version
-- (src/lib/waivers/waiver-versions.ts). A signature keeps the language it was signed in beside the
-- version and the SHA-256 of the exact text shown, so staff can show which text each guest read.
-- Every waiver signed before this was the English one.
alter table waivers
  add column language text not null default 'en' check (language in ('en', 'es'));
