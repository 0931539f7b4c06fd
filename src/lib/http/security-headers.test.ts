import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { cspHash, inlineScripts } from './inline-scripts';
import { apiSecurityHeaders, applySecurityHeaders, INLINE_SCRIPT_HASHES, pageSecurityHeaders } from './security-headers';

const directives = (policy: string) => new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

describe('security headers', () => {
  it('netlify.toml declares exactly the page set for every path', () => {
    const toml = parse(readFileSync('netlify.toml', 'utf8')) as { headers?: { for: string; values: Record<string, string> }[] };
    const all = toml.headers?.find((h) => h.for === '/*');
    expect(all, 'a [[headers]] block for "/*" in netlify.toml').toBeDefined();
    // On a mismatch, copy the values of pageSecurityHeaders into netlify.toml.
    expect(all!.values).toEqual(pageSecurityHeaders);
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

  it('allows the analytics tag and Supabase photos, and every listed inline script by hash', () => {
    const csp = directives(pageSecurityHeaders['Content-Security-Policy']!);
    expect(csp.get('script-src')).toContain('https://www.googletagmanager.com');
    expect(csp.get('connect-src')).toContain('https://*.google-analytics.com');
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(['data:', 'blob:', 'https://*.supabase.co']));
    for (const hash of Object.keys(INLINE_SCRIPT_HASHES)) expect(csp.get('script-src')).toContain(`'${hash}'`);
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
