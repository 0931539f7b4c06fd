/** The catalog's web address names; kept in src/lib so the CSV import makes the same ones the editor suggests. */
export { slugify } from '../../../lib/catalog';
