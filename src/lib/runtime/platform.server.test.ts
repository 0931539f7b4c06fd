import { describe, expect, it } from 'vitest';
import { runningOnNetlify } from './platform.server';

/** What Netlify's function bootstrap puts on globalThis before it imports a function. */
const bootstrapGlobal = () => ({ Netlify: { context: null, env: { get: (key: string) => process.env[key] } } });

describe('running on Netlify', () => {
  it('is recognised by the Netlify global the function bootstrap sets', () => {
    expect(runningOnNetlify(bootstrapGlobal(), {})).toBe(true);
  });
  it('is not a plain Node process (tests, scripts)', () => {
    expect(runningOnNetlify({}, {})).toBe(false);
  });
  it.each(['NETLIFY_LOCAL', 'NETLIFY_DEV'])('is not Netlify’s local tooling, which sets the same global and %s', (flag) => {
    expect(runningOnNetlify(bootstrapGlobal(), { [flag]: 'true' })).toBe(false);
  });
  it('reads this process by default', () => {
    expect(runningOnNetlify()).toBe(false);
    Object.assign(globalThis, bootstrapGlobal());
    try {
      expect(runningOnNetlify(globalThis, {})).toBe(true);
    } finally {
      delete (globalThis as { Netlify?: unknown }).Netlify;
    }
  });
});
