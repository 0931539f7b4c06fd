import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { editorConfig } from './editor-config';
import { DECAP_VERSION, EDITOR_BOOT_SCRIPT, editorPage, editorPagePolicy, isDecapAsset, notAllowedPage } from './editor-page';

describe('the content editor page', () => {
  it('loads the installed decap-cms version, from this site', () => {
    const installed = JSON.parse(readFileSync('node_modules/decap-cms/package.json', 'utf8')) as { version: string };
    expect(DECAP_VERSION).toBe(installed.version);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    // Pinned: the page names the version's folder, so an upgrade is a deliberate edit of both.
    expect(pkg.dependencies['decap-cms']).toBe(DECAP_VERSION);
    const html = editorPage(editorConfig({ siteUrl: 'https://example.com', branch: 'main' }));
    expect(html).toContain(`<script src="/admin/decap-cms/${DECAP_VERSION}/decap-cms.js"></script>`);
    expect(html).not.toMatch(/https?:\/\/(?!example\.com)/);
  });

  it('copies the bundle, its chunks and its WebAssembly, not the source maps or the second copy', () => {
    const files = readdirSync('node_modules/decap-cms/dist');
    const copied = files.filter(isDecapAsset);
    expect(copied).toContain('decap-cms.js');
    expect(copied.some((f) => /^\d+\.decap-cms\.js$/.test(f))).toBe(true);
    expect(copied.filter((f) => f.endsWith('.map') || f === 'cms.js' || f.endsWith('.cms.js'))).toEqual([]);
  });

  it('allows exactly its boot script inline, by hash', () => {
    const hash = createHash('sha256').update(EDITOR_BOOT_SCRIPT).digest('base64');
    expect(editorPagePolicy()).toContain(`'sha256-${hash}'`);
    expect(editorPage(editorConfig({ siteUrl: 'https://example.com', branch: 'main' }))).toContain(`<script>${EDITOR_BOOT_SCRIPT}</script>`);
  });

  it('keeps the configuration inert inside its script element', () => {
    const config = { ...editorConfig({ siteUrl: 'https://example.com', branch: 'main' }), site_url: 'https://example.com/</script><script>alert(1)</script>' };
    const html = editorPage(config as never);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('tells a role that cannot edit why, escaping what it prints', () => {
    expect(notAllowedPage('crew')).toContain('Your role (crew) cannot edit');
    expect(notAllowedPage('<b>')).toContain('&#60;b&#62;');
  });
});
