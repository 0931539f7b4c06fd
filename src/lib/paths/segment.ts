/** An id as one path segment: encoded, so an id can never add a segment of its own. */
export type Id = string | number;
export const seg = (id: Id) => encodeURIComponent(String(id));
