import { describe, expect, it } from 'vitest';
import { runningOnNetlify } from './platform.server';

/** What Netlify's function bootstrap puts on globalThis before it imports a function. */
const bootstrapGlobal = () => ({ Netlify: { context: null, env: { get: (key: string) => process.env[key] } } });

/** The AWS Lambda runtime Netlify's functions run on sets this. */
const lambda = { LAMBDA_TASK_ROOT: '/var/task' };

describe('running on Netlify', () => {
  it('is recognised by the Netlify global the function bootstrap sets, on AWS Lambda', () => {
    expect(runningOnNetlify(bootstrapGlobal(), lambda)).toBe(true);
  });
  it('is not a process that only imported a Netlify library setting the same global', () => {
    expect(runningOnNetlify(bootstrapGlobal(), {})).toBe(false);
  });
  it('is not a plain Node process (tests, scripts)', () => {
    expect(runningOnNetlify({}, {})).toBe(false);
  });
  it.each(['NETLIFY_LOCAL', 'NETLIFY_DEV'])('is not Netlify’s local tooling, which sets the same global and %s', (flag) => {
    expect(runningOnNetlify(bootstrapGlobal(), { ...lambda, [flag]: 'true' })).toBe(false);
  });
  it('reads this process by default', () => {
    expect(runningOnNetlify()).toBe(false);
    Object.assign(globalThis, bootstrapGlobal());
    try {
      expect(runningOnNetlify(globalThis, lambda)).toBe(true);
    } finally {
      delete (globalThis as { Netlify?: unknown }).Netlify;
    }
  });
});
