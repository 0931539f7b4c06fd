import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { NetlifyDev } from '@netlify/dev';
import { parseEnv } from '../lib/config/env';
import { prepareDatabase } from './database';
import { isPortFree } from './ports';
import { fail, runCli } from './output';

/**
 * `npm start`: the production build served the way Netlify serves it (static files, redirects,
 * headers and functions through Netlify's own request chain), on the embedded database
 * unless DATABASE_URL says otherwise.
 */
runCli(async () => {
  process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
  const port = Number(process.env.PORT ?? 4321);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`PORT must be a number between 1 and 65535, not "${process.env.PORT}".`);
  if (!(await isPortFree(port))) {
    fail(`Port ${port} is already in use: stop the program using it, or run on another port with PORT=${port + 1} npm start.`);
  }
  process.env.SITE_URL ??= `http://localhost:${port}`;
  process.env.BUILD_ID ??= `local-${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`;

  const database = await prepareDatabase();
  try {
    parseEnv(process.env);
  } catch (error) {
    await database.stop();
    fail(`${(error as Error).message}. Fix it in .env or your shell, or see .env.example.`);
  }
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping ...');
    await netlify?.stop().catch(() => {});
    await database.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  if (process.env.SKIP_BUILD !== '1') await run('astro', ['build']);

  const netlify = new NetlifyDev({
    projectRoot: process.cwd(),
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    blobs: { enabled: false },
    images: { enabled: false },
    environmentVariables: { enabled: false },
    aiGateway: { enabled: false },
    database: { enabled: false },
    serverAddress: `http://localhost:${port}`,
    skipGitignore: true,
  });
  await netlify.start();

  const server = createServer(async (req, res) => {
    try {
      // Play Netlify's edge: it, not the client, says who is calling (rate limits, waiver records).
      req.headers['x-nf-client-connection-ip'] = req.socket.remoteAddress ?? 'unknown';
      const match = await netlify.handleAndIntrospectNodeRequest(req);
      const response = match?.response ?? (await notFound(netlify, req.headers.host ?? `localhost:${port}`));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) Readable.fromWeb(response.body as never).pipe(res);
      else res.end();
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error');
    }
  });
  server.listen(port, () => {
    console.log(`\n${database.embedded ? 'Embedded database ready. ' : ''}Site running at http://localhost:${port}  (Ctrl-C to stop)\n`);
  });
});

/** Netlify answers unknown paths with the site's 404.html and status 404. */
async function notFound(netlify: NetlifyDev, host: string): Promise<Response> {
  const page = await netlify.handle(new Request(`http://${host}/404.html`));
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
