import { randomBytes } from 'node:crypto';
import { BlobsServer } from '@netlify/blobs/server';
import { freePort } from '../../src/cli/ports';

/**
 * What Netlify's function bootstrap (`___netlify-bootstrap.mjs`) sets before it imports a function:
 * `globalThis.Netlify`, whose `env` reads and writes process.env, on AWS Lambda (LAMBDA_TASK_ROOT).
 * Unlike Netlify's local tooling it leaves NETLIFY_DEV and NETLIFY_LOCAL unset, so code sees the
 * deployed platform. Returns the undo.
 */
export function simulateNetlifyRuntime(): () => void {
  const saved = { NETLIFY_DEV: process.env.NETLIFY_DEV, NETLIFY_LOCAL: process.env.NETLIFY_LOCAL, LAMBDA_TASK_ROOT: process.env.LAMBDA_TASK_ROOT };
  delete process.env.NETLIFY_DEV;
  delete process.env.NETLIFY_LOCAL;
  process.env.LAMBDA_TASK_ROOT = '/var/task';
  const env = {
    delete: (key: string) => delete process.env[key],
    get: (key: string) => process.env[key],
    has: (key: string) => Boolean(process.env[key]),
    set: (key: string, value: string) => {
      process.env[key] = value;
    },
    toObject: () => ({ ...process.env }),
  };
  Object.assign(globalThis, { Netlify: { context: null, env } });
  return () => {
    delete (globalThis as { Netlify?: unknown }).Netlify;
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}

export interface LocalBlobs {
  /** The context Netlify hands a function, for a client of this server (e.g. to look at what was stored). */
  context: { edgeURL: string; uncachedEdgeURL: string; token: string; siteID: string; deployID: string; primaryRegion: string };
  stop(): Promise<void>;
  /** Starts it again on the same port and folder: what was stored is still there. */
  restart(): Promise<void>;
}

/**
 * Netlify's own local Blobs server (the one `netlify dev` and @netlify/dev run), on a free port with
 * its files in `directory`, and the Blobs context in NETLIFY_BLOBS_CONTEXT the way Netlify's local
 * tooling (@netlify/runtime's setupBlobsEnvironment) and the deployed bootstrap pass it to functions.
 */
export async function startLocalBlobs(directory: string): Promise<LocalBlobs> {
  const port = await freePort();
  const token = randomBytes(16).toString('hex');
  let server = new BlobsServer({ directory, port, token });
  await server.start();
  const url = `http://localhost:${port}`;
  const context = { edgeURL: url, uncachedEdgeURL: url, token, siteID: 'site-integration-test', deployID: '0', primaryRegion: 'us-east-2' };
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString('base64');
  return {
    context,
    stop: () => server.stop().then(() => undefined),
    async restart() {
      server = new BlobsServer({ directory, port, token });
      await server.start();
    },
  };
}
