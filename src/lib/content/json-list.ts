/**
 * A JSON list content file (faq.json, reviews.json and their Spanish twins) read as the build reads it.
 * Astro's own `file()` loader logs a syntax error and builds on with the collection empty (the FAQ page
 * then has no questions), skips an entry without an id and lets a repeated id replace the first entry,
 * all with only a line in the build's output. A marketer editing the file by hand in Git gets none of
 * that: each is an error naming the file and the entry, and the build stops.
 */
export class ContentListError extends Error {
  override name = 'ContentListError';
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Line and column of a character offset, as an editor numbers them (from 1). */
function lineAndColumn(raw: string, offset: number): string {
  const before = raw.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

/** What JSON.parse says about a syntax error, at the line and column an editor shows (runtimes word the position differently). */
function syntaxProblem(raw: string, error: Error): string {
  const position = /at position (\d+)/.exec(error.message);
  const where = position ? ` at ${lineAndColumn(raw, Number(position[1]))}` : '';
  const what = error.message.split('\n')[0]!.replace(/ in JSON at position \d+.*$/, '');
  return `is not valid JSON${where} (${what}); a missing or extra comma or quote is the usual cause`;
}

/** Each entry of the list with its id; the id is the entry's name, not one of its fields. */
export function readJsonList(file: string, raw: string): { id: string; data: Record<string, unknown> }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new ContentListError(`${file} ${syntaxProblem(raw, error as Error)}.`);
  }
  if (!Array.isArray(parsed)) throw new ContentListError(`${file} must be a list of entries between [ and ].`);
  const seen = new Map<string, number>();
  return parsed.map((entry: unknown, index) => {
    const place = `${file}, entry ${index + 1}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw new ContentListError(`${place} is not an entry between { and }.`);
    const { id, ...data } = entry as Record<string, unknown>;
    if (id === undefined || id === '') throw new ContentListError(`${place} has no "id" (lower-case words joined by dashes, different for every entry).`);
    if (typeof id !== 'string' || !SLUG.test(id)) throw new ContentListError(`${place}: its "id" ${JSON.stringify(id)} must be lower-case words joined by dashes.`);
    const first = seen.get(id);
    if (first !== undefined) throw new ContentListError(`${place} has the id "${id}" that entry ${first} already has: give each entry its own id.`);
    seen.set(id, index + 1);
    return { id, data };
  });
}
