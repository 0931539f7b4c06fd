import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import os from 'node:os';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { NetlifyDev } from '@netlify/dev';
import { parseEnv } from '../lib/config';
import { ensureAuthSecret, ensureHumanCheckSecret } from './auth-secret';
import { createFirstOwner } from './first-owner';
import { pageSecurityHeaders } from '../lib/http';
import { localeFromPath } from '../lib/i18n';
import { prepareDatabase } from './database';
import { buildRedirects, builtFileAnswers } from './build-redirects';
import { loadFunctions } from './functions-router';
import { localBuildId, localPublisher } from './local-publish';
import { withNegotiatedFormat } from './local-image-cdn';
import { listenForBursts } from './listen-for-bursts';
import { isPortFree } from './ports';
import { precompressBuildFiles, readPrecompressed } from './precompress';
import { fail, runCli } from './output';

/** Where the build is served from (netlify.toml's publish folder). */
const PUBLISH_DIR = path.resolve('dist');

/**
 * `npm start`: the production build served the way Netlify serves it (static files, redirects and
 * headers through Netlify's own request chain; functions by the routes Netlify's bundler reads from
 * them, each loaded once), on the embedded database unless DATABASE_URL says otherwise.
 */
/**
 * Netlify runs each function in instances of its own, side by side; `npm start` serves with one
 * worker process per CPU (`WEB_CONCURRENCY` to choose), so a burst of requests uses every core as a
 * deploy would. The primary process prepares everything once (database, first owner, build) and
 * alone rebuilds the site when staff publish; workers serve.
 */
type ToPrimary = { publish: string | null } | { listening: true };
type ToWorker = { buildId: string };

runCli(async () => (cluster.isPrimary ? primary() : worker()));

async function primary() {
  process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
  // As the build script (package.json): the bundler's allocator hands freed memory back before pages are written.
  process.env.MIMALLOC_PURGE_DELAY ??= '0';
  // Netlify's own flag for "local, not the platform": files stay on the disk and mail goes to the outbox
  // (src/lib/runtime/platform.server.ts), although @netlify/dev sets the Netlify global as the platform does.
  process.env.NETLIFY_LOCAL ??= 'true';
  const port = Number(process.env.PORT ?? 4321);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`PORT must be a number between 1 and 65535, not "${process.env.PORT}".`);
  const workers = Number(process.env.WEB_CONCURRENCY || os.availableParallelism());
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) fail(`WEB_CONCURRENCY must be a number of processes from 1 to 64, not "${process.env.WEB_CONCURRENCY}".`);
  if (!(await isPortFree(port))) {
    fail(`Port ${port} is already in use: stop the program using it, or run on another port with PORT=${port + 1} npm start.`);
  }
  process.env.PORT = String(port);
  process.env.SITE_URL ??= `http://localhost:${port}`;
  process.env.BUILD_ID ??= localBuildId();
  // "Publish now" (and the debounced publishing after staff changes) rebuilds the site here, through
  // the same build-hook call as on Netlify; a hook URL set in the environment is used as it is.
  const publisher = process.env.NETLIFY_BUILD_HOOK_URL
    ? null
    : localPublisher({
        origin: `http://localhost:${port}`,
        publishDir: PUBLISH_DIR,
        stagingDir: path.resolve(process.env.DATA_DIR ?? '.data', 'publishing'),
      });
  if (publisher) process.env.NETLIFY_BUILD_HOOK_URL = publisher.hookUrl;

  ensureAuthSecret();
  ensureHumanCheckSecret();
  const database = await prepareDatabase();
  try {
    parseEnv(process.env);
  } catch (error) {
    await database.stop();
    fail(`${(error as Error).message}. Fix it in .env or your shell, or see .env.example.`);
  }
  await createFirstOwner();

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping ...');
    await Promise.all(
      Object.values(cluster.workers ?? {}).map(
        (w) => new Promise<void>((resolve) => (w && !w.isDead() ? (w.once('exit', () => resolve()), w.kill('SIGTERM')) : resolve())),
      ),
    );
    await database.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  if (process.env.SKIP_BUILD !== '1') await run('astro', ['build']);
  await precompressBuildFiles(PUBLISH_DIR);

  // A larger young generation for the workers: a request's garbage (JSON, e-mails, query buffers) dies
  // with it, and with V8's default semi-space a burst of bookings spent 5–9 % of a worker's time in
  // scavenges (measured: about a tenth more bookings per second with 32 MB). One given in NODE_OPTIONS wins.
  const semiSpaceGiven = /--max-semi-space-size/.test(`${process.env.NODE_OPTIONS ?? ''} ${process.execArgv.join(' ')}`);
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...(semiSpaceGiven ? [] : ['--max-semi-space-size=32'])] });

  // The workers inherit this environment: the database's address, the auth secret, the build hook.
  let listening = 0;
  const fork = (scheduled: boolean) => {
    const w = cluster.fork({ RUN_SCHEDULED_FUNCTIONS: scheduled ? '1' : '' });
    w.on('message', (message: ToPrimary) => {
      if ('listening' in message) {
        if (++listening === workers) {
          console.log(`\n${database.embedded ? 'Embedded database ready. ' : ''}Site running at http://localhost:${port}  (Ctrl-C to stop)\n`);
        }
        return;
      }
      if (!publisher || !('publish' in message)) return;
      // One build at a time, for every worker's hook call; then every worker reports the new build.
      void publisher.publish(message.publish).then(() => {
        for (const other of Object.values(cluster.workers ?? {})) other?.send({ buildId: process.env.BUILD_ID! } satisfies ToWorker);
      });
    });
    w.once('exit', (code, signal) => {
      if (stopping) return;
      // A worker that dies is replaced, as the platform starts a new function instance.
      console.error(`A server process stopped (${signal ?? `exit code ${code}`}); starting another.`);
      fork(scheduled);
    });
  };
  // One worker runs the scheduled functions, as Netlify runs each schedule once.
  for (let i = 0; i < workers; i++) fork(i === 0);
}

async function worker() {
  const port = Number(process.env.PORT);
  const netlify = new NetlifyDev({
    projectRoot: process.cwd(),
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    blobs: { enabled: false },
    // /.netlify/images: Netlify's own local Image CDN. It fetches a source from serverAddress (this
    // server), so uploads served by the product-photos function are transformed like static files.
    images: { enabled: true },
    environmentVariables: { enabled: false },
    aiGateway: { enabled: false },
    database: { enabled: false },
    // Functions are routed by functions-router.ts (Netlify's bundler's reading; loaded once, not rebuilt per request).
    functions: { enabled: false },
    serverAddress: `http://localhost:${port}`,
    skipGitignore: true,
  });
  const stop = async () => {
    await netlify.stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  // Ctrl-C reaches every process; the primary stops the workers in order.
  process.on('SIGINT', () => {});
  // The primary went away without stopping us (killed): nothing is left to serve for.
  process.on('disconnect', () => void stop());
  // The build's own redirects (dist/_redirects), read again when a publish has put a new build in place.
  let redirects = buildRedirects(PUBLISH_DIR);
  process.on('message', (message: ToWorker) => {
    if (!('buildId' in message)) return;
    // Functions read it per request (/api/health, the Netlify context's deploy id), as pages carry it.
    process.env.BUILD_ID = message.buildId;
    redirects = buildRedirects(PUBLISH_DIR);
  });
  const hookUrl = process.env.NETLIFY_BUILD_HOOK_URL ? new URL(process.env.NETLIFY_BUILD_HOOK_URL) : null;
  const isHookRequest = (method: string, url: URL) =>
    hookUrl !== null && hookUrl.host === `localhost:${port}` && method === 'POST' && url.pathname === hookUrl.pathname;

  await netlify.start();
  const functions = await loadFunctions(path.resolve('netlify/functions'));
  if (process.env.RUN_SCHEDULED_FUNCTIONS) {
    for (const name of functions.withoutRoute) {
      console.warn(`Function ${name} has no route: Netlify's bundler reads no literal path from its config, so its addresses answer 404 here, as they would once deployed.`);
    }
    const housekeeping = setInterval(() => {
      for (const job of functions.scheduled) {
        Promise.resolve(job.handler(new Request(`http://localhost:${port}/.netlify/functions/${job.name}`), {} as never)).catch((error: unknown) =>
          console.error(`Scheduled function ${job.name} failed:`, error),
        );
      }
    }, 5 * 60_000);
    housekeeping.unref();
  }

  const server = createServer(async (req, res) => {
    try {
      const origin = `http://${req.headers.host ?? `localhost:${port}`}`;
      const url = new URL(req.url ?? '/', origin);
      if (isHookRequest(req.method ?? 'GET', url)) {
        // Netlify's build hook answers at once and builds afterwards; so does this one (in the primary).
        process.send?.({ publish: url.searchParams.get('trigger_title') } satisfies ToPrimary);
        req.resume();
        res.writeHead(200, pageSecurityHeaders).end();
        return;
      }
      const found = functions.match(url, req.method ?? 'GET');
      if (found) {
        const body = await requestBody(req);
        if (body === 'too large') {
          res.writeHead(413, { 'content-type': 'text/plain', ...pageSecurityHeaders }).end('Payload Too Large');
          return;
        }
        // Like Netlify's edge, the server (not a client header) says who is calling.
        await sendFunctionResponse(req, res, await functions.invoke(toWebRequest(req, url, body), req.socket.remoteAddress ?? 'unknown', { url, found }));
        return;
      }
      req.url = withNegotiatedFormat(req.url ?? '/') ?? req.url;
      // As on Netlify, the build's _redirects come before netlify.toml's rules (its /es/* 404 among them).
      const moved = await redirects.answer(new Request(url));
      if (moved) {
        req.resume();
        res.writeHead(moved.status, withPageHeaders(moved.headers)).end();
        return;
      }
      const match = await netlify.handleAndIntrospectNodeRequest(req);
      // @netlify/dev serves a rule's target with 200 whatever the rule's status (netlify.toml's 404 rule for /es/).
      const unknownSpanish = match?.type === 'redirect' && isUnknownSpanishPath(url.pathname);
      if (unknownSpanish) await match.response.body?.cancel();
      const response = match && !unknownSpanish ? match.response : await notFound(netlify, origin, url.pathname);
      const headers = withPageHeaders(response.headers);
      if (response.body && (await sendBuildFile(req, res, url.pathname, response, headers))) return;
      const encoder = response.body ? compressorFor(req.headers['accept-encoding'], headers) : null;
      if (encoder) {
        // Netlify's CDN compresses text responses; so does this server, so sizes measured here are real.
        delete headers['content-length'];
        headers['content-encoding'] = encoder.encoding;
        headers['vary'] = 'Accept-Encoding';
      }
      res.writeHead(response.status, headers);
      if (!response.body) res.end();
      else if (encoder) Readable.fromWeb(response.body as never).pipe(encoder.stream).pipe(res);
      else Readable.fromWeb(response.body as never).pipe(res);
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain', ...pageSecurityHeaders });
      res.end('Internal error');
    }
  });
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  await listenForBursts(server, port);
  // The worker's own sockets are not the cluster's, so the cluster reports no 'listening': the worker says so.
  process.send?.({ listening: true } satisfies ToPrimary);
}

/**
 * How long a worker keeps a client's idle connection open: 10 minutes, announced in every answer
 * (`Keep-Alive: timeout=600`), instead of Node's 5 s. Closing an idle connection races a request the
 * client may be sending on it at that moment: the request meets a closed socket and the client gets
 * ECONNRESET with no answer. Clients that read the announcement (Node's fetch) close first; browsers
 * keep an idle connection for at most 5 minutes and retry such a request anyway; Playwright's request
 * context (every e2e spec's page.request) does neither: it reuses a connection until the server has
 * closed it. With Node's 5 s (closed at 6 s) a spec whose request came about 6 s after its previous
 * one could be reset while the worker was busy, as content-editor.spec's first look at the city page
 * was, while its rebuild started. 10 minutes is longer than a browser keeps a connection and than
 * any test runs, so a connection is closed by its client, never under a request on its way.
 */
const IDLE_CONNECTION_MS = 10 * 60_000;

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/;
/** Smaller answers go as they are: compressing them saves a few hundred bytes and costs more than the answer. */
const COMPRESS_FROM_BYTES = 1024;

/** Netlify refuses a function request body over 6 MB before the function runs; so does this server. */
const FUNCTION_BODY_LIMIT = 6 * 1024 * 1024;

/** Static files already carry netlify.toml's headers and functions their own; anything else gets the page set. */
function withPageHeaders(responseHeaders: Headers): Record<string, string> {
  const headers = Object.fromEntries(responseHeaders);
  for (const [name, value] of Object.entries(pageSecurityHeaders)) headers[name.toLowerCase()] ??= value;
  // Several cookies in one answer (a sign-in's second step sets the session and ends the code step's
  // cookie): fromEntries kept only the last. Node sends an array as one Set-Cookie line each.
  const cookies = responseHeaders.getSetCookie();
  if (cookies.length > 1) (headers as Record<string, string | string[]>)['set-cookie'] = cookies;
  return headers;
}

/** How to compress this answer for this client ('br' first, then 'gzip'), or null: not text, already encoded, or not accepted. */
function encodingFor(acceptEncoding: string | undefined, headers: Record<string, string>): 'br' | 'gzip' | null {
  if (headers['content-encoding'] || !COMPRESSIBLE.test(headers['content-type'] ?? '')) return null;
  if (/\bbr\b/.test(acceptEncoding ?? '')) return 'br';
  if (/\bgzip\b/.test(acceptEncoding ?? '')) return 'gzip';
  return null;
}

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/** The build files' precompressed copies (precompress.ts), read once: a changed file gets a new name, so a kept copy never goes stale. */
const precompressedBuildFiles = new Map<string, Promise<Buffer | null>>();

async function sendBuildFile(req: IncomingMessage, res: ServerResponse, pathname: string, response: Response, headers: Record<string, string>) {
  if (response.status !== 200 || !/\bimmutable\b/.test(headers['cache-control'] ?? '')) return false;
  if (encodingFor(req.headers['accept-encoding'], headers) !== 'br') return false;
  let precompressed = precompressedBuildFiles.get(pathname);
  if (!precompressed) {
    precompressed = readPrecompressed(PUBLISH_DIR, pathname);
    precompressedBuildFiles.set(pathname, precompressed);
  }
  const body = await precompressed;
  if (!body) return false;
  await response.body?.cancel();
  headers['content-encoding'] = 'br';
  headers['vary'] = 'Accept-Encoding';
  headers['content-length'] = String(body.length);
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

function compressorFor(acceptEncoding: string | undefined, headers: Record<string, string>) {
  const encoding = encodingFor(acceptEncoding, headers);
  if (!encoding) return null;
  return { encoding, stream: encoding === 'br' ? zlib.createBrotliCompress(BROTLI) : zlib.createGzip() };
}

/**
 * A function's answer is complete when it returns (Netlify buffers it too): one write, compressed in
 * one call when it is large enough, without a web-to-Node stream per request (under load those cost
 * more than the answer itself).
 */
async function sendFunctionResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const headers = withPageHeaders(response.headers);
  let body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  const encoding = body && body.length >= COMPRESS_FROM_BYTES ? encodingFor(req.headers['accept-encoding'], headers) : null;
  if (body && encoding) {
    body = encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI) : zlib.gzipSync(body);
    headers['content-encoding'] = encoding;
    headers['vary'] = 'Accept-Encoding';
  }
  if (body) headers['content-length'] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body ?? undefined);
}

/** The whole request body (functions get it whole on Netlify too), or 'too large'. */
async function requestBody(req: IncomingMessage): Promise<Buffer | null | 'too large'> {
  if (req.method === 'GET' || req.method === 'HEAD') return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FUNCTION_BODY_LIMIT) return 'too large';
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

function toWebRequest(req: IncomingMessage, url: URL, body: Buffer | null): Request {
  // A plain record, which Request reads into its own Headers once (a Headers made here was copied again).
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  // Like Netlify's edge: the connection, not the client, says who is calling (rate limits rely on it).
  headers['x-nf-client-connection-ip'] = req.socket.remoteAddress ?? 'unknown';
  return new Request(url, { method: req.method ?? 'GET', headers, ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}) });
}

/**
 * netlify.toml's rewrites (status 200: a built page answers and the address stays, /es/hi/{id} → /es/hi),
 * as patterns of the addresses they serve: `:name` is one segment, `*` anything.
 */
let rewrites: RegExp[] | undefined;
function rewritePatterns(): RegExp[] {
  rewrites ??= [...readFileSync('netlify.toml', 'utf8').matchAll(/\[\[redirects\]\]\s*from = "([^"]+)"\s*to = "[^"]+"\s*status = 200\b/g)].map(
    (m) => new RegExp(`^${m[1]!.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`),
  );
  return rewrites;
}

/** An /es/ address with no built page: Netlify answers it with netlify.toml's 404 rule, status 404. */
function isUnknownSpanishPath(pathname: string): boolean {
  if (localeFromPath(pathname) !== 'es') return false;
  // A rewrite's address (/es/hi/{id}) has no file of its own: its page answers, as on Netlify.
  if (rewritePatterns().some((pattern) => pattern.test(pathname))) return false;
  return !builtFileAnswers(PUBLISH_DIR, pathname);
}

/**
 * Netlify answers unknown paths with the site's 404.html and status 404, and unknown /es/ paths with
 * es/404.html (netlify.toml's 404 rule for the prefix); a build without Spanish has no es/404.html.
 */
async function notFound(netlify: NetlifyDev, origin: string, pathname: string): Promise<Response> {
  const spanish = localeFromPath(pathname) === 'es' ? await netlify.handle(new Request(`${origin}/es/404.html`)) : undefined;
  const page = spanish?.ok ? spanish : await netlify.handle(new Request(`${origin}/404.html`));
  if (!page) return new Response('Not found', { status: 404 });
  return new Response(page.body, { status: 404, headers: page.headers });
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: process.env });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(fail(`\`${command} ${args.join(' ')}\` failed (exit code ${code}).`))));
  });
}
