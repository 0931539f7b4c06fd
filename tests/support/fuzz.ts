import type { Context } from '@netlify/functions';
import fc from 'fast-check';
import { expect } from 'vitest';
import postgres from 'postgres';
import type { TestDatabase } from './database';
import { HUMAN_CHECK_FIELD } from '../../src/lib/human-check';
import { isHumanChecked, solvedProof, withProof } from '../../src/cli/scripted-proof';

/**
 * The machinery of the property-based fuzz tests (tests/integration/fuzz-*.test.ts): request
 * generators built around a valid example body, and the invariant every function must keep —
 * whatever arrives, never a 5xx, and a refused request (4xx) writes no row.
 */

export type Handler = (req: Request, context: Context) => Promise<Response>;
export interface Endpoint {
  name: string;
  load: () => Promise<{ default: Handler }>;
  /** The path, or a generator of paths (for :params). */
  path: string | fc.Arbitrary<string>;
  /** The methods the function answers; any other must be refused. */
  methods: string[];
  /** Query keys worth trying (GET endpoints); random keys are added too. */
  query?: string[];
  /** Plausible query values (sort keys, dates, formats), tried beside hostile ones so deeper checks run. */
  queryValues?: string[];
  /** A body the function accepts; mutated versions of it are sent. */
  valid?: () => unknown;
  /** Methods that validate the body, so a body built to be invalid must be refused. Default: POST. */
  validates?: string[];
  /** A session cookie for endpoints behind the staff login (admin). */
  cookie?: () => Promise<string>;
  /** Share (0..1) of requests sent with `cookie` and, for changes, from the site's own origin. Default 0.5. */
  signedIn?: number;
  runs?: number;
  /**
   * Tables a refused request may write on purpose: a failed staff sign-in is counted toward the
   * account's lockout and recorded in the audit log.
   */
  records?: string[];
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Built to be invalid: the answer must be a 4xx. */
  mustRefuse: boolean;
  /** Send the endpoint's session cookie (and the site's Origin on changes). */
  signedIn?: boolean;
  /** The field given text PostgreSQL cannot store: a 400 must name it. */
  unstorableField?: string;
  /**
   * For a human-checked form (src/lib/human-check): a body without a proof gets a freshly solved one
   * when sent, so the fuzzing reaches the checks behind it; a body built with a forged proof has one.
   */
  forgedProof?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Inputs

/** Strings that have broken other systems: injections, encodings, control characters, extremes. */
export const nasty = fc.constantFrom(
  "'; drop table bookings; --",
  "' or '1'='1",
  '" or ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\u202e\u0000\ud800',
  '\ud800',
  'Ann \udfff Lee',
  '\ud83d',
  '\udc00\ud800',
  '\r\nSet-Cookie: admin=1',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '99999999999999999999999',
  '0x10',
  '2024-02-30',
  '9999-12-31',
  '0000-00-00',
  '25:61',
  'PF-' + 'A'.repeat(500),
  'a@b',
  'a'.repeat(5_000),
  '😀'.repeat(300),
  ' ',
  '',
);

/**
 * Text PostgreSQL cannot store (a lone UTF-16 surrogate, NUL), inside otherwise ordinary text: every
 * function must answer it with a 400 naming the field, never a 500 from the database.
 */
export const unstorable = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\u0000', '\udc00\ud800'),
    fc.string({ maxLength: 8 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);

export const scalar = fc.oneof(
  nasty,
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, -1e308, 2 ** 31, 0.1),
  fc.boolean(),
  fc.constant(null),
);
export const anything: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: scalar },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom({ $gt: '' }, JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'), [[[[[]]]]], { length: 1e9 }, Array(50).fill('x')) },
);

/** Every path into a JSON value, so a mutation can replace any field, however deep. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => paths(v, [...prefix, i]))];
  if (value && typeof value === 'object') return [prefix, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...prefix, k]))];
  return [prefix];
}
function setAt(root: unknown, at: (string | number)[], next: unknown, remove = false): unknown {
  if (at.length === 0) return next;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  if (remove && !Array.isArray(node)) delete node[at.at(-1)!];
  else node[at.at(-1)!] = next;
  return copy;
}
function getAt(root: unknown, at: (string | number)[]): unknown {
  return at.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], root);
}
/** A value of a type the field can never have: objects become strings, everything else an object. */
function wrongType(value: unknown): unknown {
  if (Array.isArray(value)) return { 0: value[0] };
  if (value && typeof value === 'object') return 'not an object';
  return { $ne: null };
}
/** The valid body's field paths (never the root), so a mutation changes one field. */
function fieldPaths(seed: unknown): (string | number)[][] {
  const all = paths(seed).filter((p) => p.length > 0);
  return all.length ? all : [['field']];
}

/** An id path: mostly ids of real rows (so the request reaches the validation), else random or hostile ids. */
export function idPath(template: string, real: () => string[]): fc.Arbitrary<string> {
  const id = fc.oneof(
    { weight: 4, arbitrary: fc.nat().map((n) => real()[n % Math.max(real().length, 1)] ?? '00000000-0000-4000-8000-000000000000') },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 40 }), nasty, fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%00', 'null', "1' or '1'='1")) },
  );
  return id.map((value) => template.replace(/:[A-Za-z]+/g, encodeSegment(value)));
}
/** encodeURIComponent, with lone surrogates (which it refuses) sent as the replacement character. */
export function encodeSegment(value: string): string {
  return encodeURIComponent(value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'));
}

/** Proofs no server signed: junk of every type, and well-formed ALTCHA payloads with made-up signatures. */
const forgedProof = fc.oneof(
  anything,
  fc.constantFrom(
    btoa('{}'),
    btoa(
      JSON.stringify({
        challenge: { parameters: { algorithm: 'PBKDF2/SHA-256', nonce: '00', salt: '00', cost: 1, keyLength: 32, keyPrefix: '0', expiresAt: 9_999_999_999 }, signature: '00'.repeat(32) },
        solution: { counter: 0, derivedKey: '00'.repeat(32) },
      }),
    ),
  ),
  fc.uint8Array({ minLength: 1, maxLength: 600 }).map((bytes) => btoa(String.fromCharCode(...bytes))),
);

const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,60}$/);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/xml',
  '',
);

/** `routed`: the methods Netlify sends to the function at all (its config.method), when it declares them. */
export function requestsFor(endpoint: Endpoint, routed: string[] | null): fc.Arbitrary<FuzzRequest> {
  const pathArb = typeof endpoint.path === 'string' ? fc.constant(endpoint.path) : endpoint.path;
  const keys = fc.constantFrom(...(endpoint.query ?? ['q']), '__proto__', 'constructor', 'x');
  const query = fc
    .array(fc.tuple(keys, fc.oneof(scalar.map(String), nasty, ...(endpoint.queryValues?.length ? [fc.constantFrom(...endpoint.queryValues)] : []))), { maxLength: 6 })
    .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''));
  const method = routed
    ? fc.constantFrom(...routed)
    : fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...endpoint.methods) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') });
  const extraHeaders = fc.dictionary(
    fc.constantFrom('x-forwarded-for', 'origin', 'referer', 'cookie', 'user-agent', 'stripe-signature', 'sec-fetch-site', 'content-length-hint'),
    headerValue,
    { maxKeys: 3 },
  );
  const validates = endpoint.validates ?? (endpoint.methods.includes('POST') ? ['POST'] : []);

  const valid = endpoint.valid;
  const jsonBody: fc.Arbitrary<{ body: string; mustRefuse: boolean; unstorableField?: string }> = fc.oneof(
    // Anything at all, as JSON.
    anything.map((v) => ({ body: JSON.stringify(v) ?? 'null', mustRefuse: false })),
    // Not JSON, or cut short, or far too big.
    fc.oneof(fc.string(), nasty).map((s) => ({ body: s, mustRefuse: true })),
    fc.constantFrom('{', '{"a":', '[1,2', '{"items":[{"product":', '\u0000').map((s) => ({ body: s, mustRefuse: true })),
    fc.constant({ body: JSON.stringify({ pad: 'x'.repeat(600 * 1024) }), mustRefuse: true }),
    ...(valid
      ? [
          // The valid body with one field replaced by anything (may still be valid), removed, or given a wrong type.
          fc.tuple(fc.nat(), anything).map(([n, v]) => {
            const seed = valid();
            const all = fieldPaths(seed);
            return { body: JSON.stringify(setAt(seed, all[n % all.length]!, v)), mustRefuse: false };
          }),
          fc.nat().map((n) => {
            const seed = valid();
            const all = paths(seed).filter((p) => p.length > 0);
            if (!all.length) return { body: JSON.stringify(seed), mustRefuse: false };
            const at = all[n % all.length]!;
            return { body: JSON.stringify(setAt(seed, at, wrongType(getAt(seed, at)))), mustRefuse: true };
          }),
          fc.dictionary(fc.oneof(nasty, fc.string({ maxLength: 10 })), anything, { maxKeys: 4 }).map((extra) => ({ body: JSON.stringify({ ...(valid() as object), ...extra }), mustRefuse: false })),
          fc.nat().map((n) => {
            const seed = valid();
            const all = fieldPaths(seed);
            return { body: JSON.stringify(setAt(seed, all[n % all.length]!, undefined, true)), mustRefuse: false };
          }),
          // The valid body with one field (a value, or an object's key) holding text PostgreSQL cannot store.
          fc.tuple(fc.nat(), unstorable, fc.boolean()).map(([n, bad, asKey]) => {
            const seed = valid();
            const all = fieldPaths(seed);
            const at = all[n % all.length]!;
            const parent = at.slice(0, -1);
            const holder = getAt(seed, parent);
            if (asKey && holder && typeof holder === 'object' && !Array.isArray(holder)) {
              return { body: JSON.stringify(setAt(seed, parent, { ...holder, [bad]: 'x' })), mustRefuse: true, unstorableField: parent.join('.') || '_' };
            }
            return { body: JSON.stringify(setAt(seed, at, bad)), mustRefuse: true, unstorableField: at.join('.') };
          }),
          // The valid body itself: the accepted path is exercised too.
          fc.constant(null).map(() => ({ body: JSON.stringify(valid()), mustRefuse: false })),
        ]
      : []),
  );
  // For the cake order's multipart form: junk parts, a junk `order`, a junk file.
  const multipart = fc.tuple(fc.oneof(fc.string(), jsonBody.map((b) => b.body)), fc.uint8Array({ maxLength: 2048 }), fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream'), fc.string({ maxLength: 30 })).map(([order, bytes, type, name]) => {
    const boundary = 'fuzzboundary';
    const text =
      `--${boundary}\r\nContent-Disposition: form-data; name="order"\r\n\r\n${order}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="referencePhoto"; filename="${name.replace(/["\r\n]/g, '')}"\r\nContent-Type: ${type}\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(text), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return { body: new Uint8Array(body), contentType: `multipart/form-data; boundary=${boundary}` };
  });

  const signedInShare = Math.round((endpoint.signedIn ?? 0.5) * 100);
  const checked = typeof endpoint.path === 'string' && isHumanChecked('POST', endpoint.path);
  return fc.record({ path: pathArb, query, method, headers: extraHeaders, contentType, json: jsonBody, multipart, useMultipart: fc.boolean(), dice: fc.nat(99), forged: fc.option(forgedProof, { freq: 6 }) }).map((r) => {
    const hasBody = r.method !== 'GET' && r.method !== 'HEAD';
    const multipartBody = endpoint.name === 'cake-orders' && r.useMultipart;
    const headers: Record<string, string> = { ...r.headers };
    delete headers['content-length-hint'];
    if (hasBody) headers['content-type'] = multipartBody ? r.multipart.contentType : r.contentType;
    // One JSON object body in about six carries a forged proof, which must be refused whatever else it holds.
    const forged = checked && r.method === 'POST' && !multipartBody && r.forged !== null && withField(r.json.body, r.forged);
    if (forged) return { method: r.method, url: `${r.path}${r.query}`, headers, body: forged, mustRefuse: true, signedIn: r.dice < signedInShare, forgedProof: true };
    return {
      method: r.method,
      url: `${r.path}${r.query}`,
      headers,
      ...(hasBody ? { body: multipartBody ? r.multipart.body : r.json.body } : {}),
      // A wrong method is refused whatever the body; otherwise only bodies built to be invalid must be.
      mustRefuse: !endpoint.methods.includes(r.method) || (hasBody && !multipartBody && r.json.mustRefuse && validates.includes(r.method)),
      signedIn: r.dice < signedInShare,
      // (A JSON body declared as multipart is a form that cannot be read: refused, but not by field.)
      ...(hasBody && !/^multipart/i.test(headers['content-type'] ?? '') && r.json.unstorableField !== undefined && validates.includes(r.method)
        ? { unstorableField: r.json.unstorableField }
        : {}),
    };
  });
}

/** JSON text of an object with `humanCheck` set to `value`; false for any other body. */
function withField(body: string, value: unknown): string | false {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
  return JSON.stringify({ ...parsed, [HUMAN_CHECK_FIELD]: value });
}

/** A multipart body with a proof of its own as the first part (the order form's fields follow). */
async function withProofPart(body: Uint8Array<ArrayBuffer>, contentType: string): Promise<Uint8Array<ArrayBuffer>> {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1];
  if (!boundary) return body;
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="${HUMAN_CHECK_FIELD}"\r\n\r\n${await solvedProof()}\r\n`;
  return new Uint8Array(Buffer.concat([Buffer.from(part), body]));
}

// ---------------------------------------------------------------------------------------------
// The run

/** `FUZZ_SCALE=10 npx vitest run … fuzz-…` for a deeper search than `npm test` can afford. */
const RUNS_SCALE = Number(process.env.FUZZ_SCALE ?? '1') || 1;

/**
 * Tables a request may write before or without being accepted: rate-limit counters (counted before
 * validation, by design), and spent human-check proofs (a form whose proof and fields passed spends
 * its proof before the service may still refuse it: a date no longer free, an unknown product).
 */
const BOOKKEEPING = new Set(['rate_limits', 'staff_rate_limit', 'schema_migrations', 'spent_human_checks']);

/**
 * A fuzzer on one database: `origin` is the site the requests go to (SITE_URL for admin functions,
 * whose same-origin check compares with it).
 */
export async function createFuzzer(db: TestDatabase, origin = 'http://localhost') {
  const tables = await db.sql<{ table_name: string }[]>`
    select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;
  const countQuery = `select ${tables
    .filter((t) => !BOOKKEEPING.has(t.table_name))
    .map((t) => `(select count(*)::int from "${t.table_name}") as "${t.table_name}"`)
    .join(', ')}`;
  // Counted after every request, so prepared once on a connection of its own: planned again each time,
  // the sixty counts were more than half of the fuzzing's time (8 ms a request against 3.5 for the request).
  const counter = postgres(db.directUrl, { max: 1, onnotice: () => {} });
  const prepareCounts = () => counter.unsafe(`prepare row_counts as ${countQuery}`);
  await prepareCounts();
  const rowCounts = async (): Promise<Record<string, number>> => {
    const rows = await counter.unsafe('execute row_counts').catch(async (error: { code?: string }) => {
      // A new connection (postgres.js replaces one at the end of its lifetime) has no prepared statement yet.
      if (error.code !== '26000') throw error;
      await prepareCounts();
      return counter.unsafe('execute row_counts');
    });
    return rows[0] as Record<string, number>;
  };

  let ipCounter = 0;
  async function send(handler: Handler, request: FuzzRequest): Promise<{ status: number; text: string }> {
    const init: RequestInit = { method: request.method, headers: request.headers };
    let body = request.body;
    if (body !== undefined && !request.forgedProof && isHumanChecked(request.method, request.url)) {
      body = typeof body === 'string' ? await withProof(body) : await withProofPart(body, request.headers['content-type'] ?? '');
    }
    if (body !== undefined) init.body = typeof body === 'string' ? body : new Uint8Array(body);
    const req = new Request(`${origin}${request.url}`, init);
    // Each request from its own address, so rate limits do not hide the validation behind a 429.
    const ip = `10.${(++ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
    // Netlify's edge also puts the address in this header (what better-auth's staff sign-in reads).
    req.headers.set('x-nf-client-connection-ip', ip);
    const response = await handler(req, { ip, deploy: { id: 'fuzz' }, params: {} } as unknown as Context);
    return { status: response.status, text: await response.text() };
  }

  let snapshot: Record<string, number> = {};
  /** Sends `runs` generated requests; signed-in ones carry `cookie` and, for changes, this site's Origin. */
  async function fuzz(handler: Handler, requests: fc.Arbitrary<FuzzRequest>, runs: number, cookie?: () => Promise<string>, records: string[] = []) {
    snapshot = await rowCounts();
    const tally = { sent: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        if (cookie && request.signedIn) {
          request.headers = { ...request.headers, cookie: await cookie() };
          if (request.method !== 'GET') {
            request.headers.origin = origin;
            delete request.headers['sec-fetch-site'];
          }
        }
        const { status, text } = await send(handler, request);
        tally.sent++;
        const context = `${request.method} ${request.url} ${String(request.body ?? '').slice(0, 300)} -> ${status} ${text.slice(0, 300)}`;
        expect(status, context).toBeLessThan(500);
        if (request.mustRefuse) expect(status, context).toBeGreaterThanOrEqual(400);
        // Counting once per request: an accepted request may write, so the snapshot moves on after it.
        const after = await rowCounts();
        const before = snapshot;
        snapshot = after;
        if (status >= 400) {
          tally.refused++;
          const unrecorded = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([table]) => !records.includes(table)));
          expect(unrecorded(after), `a refused request wrote rows: ${context}`).toEqual(unrecorded(before));
          // The error shape is the documented one, never a stack trace.
          if (text.startsWith('{')) expect(JSON.parse(text)).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
          expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
        }
        if (request.unstorableField !== undefined && status === 400) {
          expect(Object.keys((JSON.parse(text) as { error: { fields?: object } }).error.fields ?? {}), `the 400 names the field: ${context}`).toContain(request.unstorableField);
        }
      }),
      { numRuns: runs, endOnFailure: true },
    );
    return tally;
  }

  /** Loads an endpoint's function and fuzzes it with its own request generator. */
  async function fuzzEndpoint(endpoint: Endpoint) {
    const mod = (await endpoint.load()) as { default: Handler; config?: { method?: string | string[] } };
    const routed = mod.config?.method ? [mod.config.method].flat().map((m) => m.toUpperCase()) : null;
    return fuzz(mod.default, requestsFor(endpoint, routed), Math.round((endpoint.runs ?? 120) * RUNS_SCALE), endpoint.cookie, endpoint.records);
  }

  /** Ends the counting connection: before the database is dropped. */
  const close = () => counter.end({ timeout: 1 });

  return { fuzz, fuzzEndpoint, rowCounts, close };
}
