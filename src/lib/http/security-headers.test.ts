import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { cspHash, inlineScripts } from './inline-scripts';
import { analyticsConfigured, apiSecurityHeaders, applySecurityHeaders, headersFile, INLINE_SCRIPT_HASHES, pagePolicy, pageSecurityHeaders } from './security-headers';

const directives = (policy: string) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

describe('security headers', () => {
  it('netlify.toml declares exactly the page set for every path', () => {
    const toml = parse(readFileSync('netlify.toml', 'utf8')) as { headers?: { for: string; values: Record<string, string> }[] };
    const all = toml.headers?.find((h) => h.for === '/*');
    expect(all, 'a [[headers]] block for "/*" in netlify.toml').toBeDefined();
    // On a mismatch, copy the values of pageSecurityHeaders into netlify.toml (all but the policy,
    // which the build writes to dist/_headers).
    const { 'Content-Security-Policy': policy, ...rest } = pageSecurityHeaders;
    expect(policy).toBeDefined();
    expect(all!.values).toEqual(rest);
  });

  it('the built _headers file gives every path the page policy, with or without analytics', () => {
    for (const analytics of [false, true]) {
      const lines = headersFile({ analytics }).split('\n').filter((l) => l.trim() && !l.startsWith('#'));
      expect(lines).toEqual(['/*', `  Content-Security-Policy: ${pagePolicy({ analytics })}`]);
    }
    expect(pageSecurityHeaders['Content-Security-Policy']).toBe(pagePolicy({ analytics: false }));
    expect(analyticsConfigured({})).toBe(false);
    expect(analyticsConfigured({ PUBLIC_ANALYTICS_ID: '' })).toBe(false);
    expect(analyticsConfigured({ PUBLIC_ANALYTICS_ID: 'G-TEST123' })).toBe(true);
  });

  it('is strict: no inline or eval scripts, no framing, nothing but HTTPS', () => {
    for (const set of [pageSecurityHeaders, apiSecurityHeaders]) {
      const csp = directives(set['Content-Security-Policy']!);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src') ?? csp.get('default-src')).not.toContain('*');
      for (const scripts of [csp.get('script-src') ?? csp.get('default-src')!]) {
        expect(scripts).not.toContain("'unsafe-inline'");
        expect(scripts).not.toContain("'unsafe-eval'");
        expect(scripts.filter((s) => s.startsWith('http:') || s === '*' || s === 'https:' || s === 'data:')).toEqual([]);
      }
      expect(set['Strict-Transport-Security']).toMatch(/max-age=(\d{8,})/);
      expect(set['X-Content-Type-Options']).toBe('nosniff');
      expect(set['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
      expect(set['Permissions-Policy']).toContain('camera=()');
    }
    expect(directives(apiSecurityHeaders['Content-Security-Policy']!).get('default-src')).toEqual(["'none'"]);
  });

  it('names Google’s analytics hosts only when analytics is configured; Supabase photos and every listed inline script always', () => {
    const google = /google|doubleclick/;
    const without = directives(pagePolicy({ analytics: false }));
    expect([...without.values()].flat().filter((v) => google.test(v))).toEqual([]);
    expect(without.get('script-src')).toEqual(["'self'", ...Object.keys(INLINE_SCRIPT_HASHES).map((h) => `'${h}'`)]);
    // Fetches, workers and the manifest fall back to default-src 'self'.
    expect(without.get('default-src')).toEqual(["'self'"]);
    for (const name of ['connect-src', 'worker-src', 'manifest-src']) expect(without.has(name)).toBe(false);

    const withAnalytics = directives(pagePolicy({ analytics: true }));
    expect(withAnalytics.get('script-src')).toContain('https://www.googletagmanager.com');
    // www.google.com hosts JSONP endpoints: hits and images only, never scripts.
    expect(withAnalytics.get('script-src')).not.toContain('https://www.google.com');
    expect(withAnalytics.get('connect-src')).toContain('https://*.google-analytics.com');
    for (const csp of [without, withAnalytics]) {
      expect(csp.get('img-src')).toEqual(expect.arrayContaining(['data:', 'blob:', 'https://*.supabase.co']));
      for (const hash of Object.keys(INLINE_SCRIPT_HASHES)) expect(csp.get('script-src')).toContain(`'${hash}'`);
    }
  });

  it('keeps a header a function chose itself', () => {
    const headers = new Headers({ 'content-security-policy': "default-src 'none'" });
    applySecurityHeaders(headers, pageSecurityHeaders);
    expect(headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('inline script hashes', () => {
  it('finds the scripts a browser runs, not JSON data blocks or external files', () => {
    const html = `<script type="application/ld+json">{"a":1}</script><script src="/x.js"></script><script type="module">go()</script><script>\n run();\n</script>`;
    expect(inlineScripts(html)).toEqual(['go()', '\n run();\n']);
  });

  it('hashes the exact text as browsers do', () => {
    // The example from the CSP specification's hash-source section.
    expect(cspHash("alert('Hello, world.');")).toBe('sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=');
  });
});
