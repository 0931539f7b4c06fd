import { createHash } from 'node:crypto';
import type { EditorConfig } from './editor-config';
import { CONTENT_API_PATH, JSON_LIST_FIELD, JSON_LIST_FORMAT } from './editor-config';
import { adminPaths } from '../paths';

/**
 * The editor page (/admin/content): Decap CMS's own bundle from npm (`decap-cms`, React included),
 * copied into the build by src/integrations/content-editor-assets.ts, so nothing comes from a CDN
 * and no public page loads any of it. Pure: the function serves what this returns.
 */

/** The installed decap-cms version (package.json pins it; a unit test keeps the two equal). */
export const DECAP_VERSION = '3.16.3';
/** Where the build puts Decap's files (the bundle loads its chunks from beside itself). */
export const DECAP_ASSET_PATH = adminPaths.contentEditorAssets(DECAP_VERSION);
/** Decap's files that the build serves: the bundle, its chunks and its WebAssembly (no source maps). */
export const isDecapAsset = (name: string): boolean => name === 'decap-cms.js' || /^\d+\.decap-cms\.js$/.test(name) || /^[0-9a-f]+\.wasm$/.test(name);

/**
 * Runs before Decap: registers the JSON-list format (the FAQ and reviews files are bare lists, which
 * Decap cannot edit as a file, so it edits them as `{items: [...]}`), turns this site's error answers
 * into the `{error: "text"}` Decap shows, and starts the editor with the config from the page.
 */
export const EDITOR_BOOT_SCRIPT = `window.CMS_MANUAL_INIT = true;
(function () {
  var api = ${JSON.stringify(CONTENT_API_PATH)};
  var send = window.fetch.bind(window);
  window.fetch = function (input, init) {
    var url = typeof input === 'string' ? input : input && input.url;
    var pending = send(input, init);
    if (!url || new URL(url, location.href).pathname !== api) return pending;
    return pending.then(function (response) {
      if (response.ok) return response;
      return response.clone().json().then(function (body) {
        var error = body && body.error;
        if (error && error.code === 'unauthorized') location.assign(${JSON.stringify(adminPaths.login(adminPaths.content))});
        var fields = error && error.fields ? Object.keys(error.fields).map(function (k) { return k + ': ' + error.fields[k]; }) : [];
        var text = error && error.message ? error.message : 'The site could not save this (' + response.status + ').';
        var detail = fields.length && text.indexOf(fields[0]) < 0 ? text + ' (' + fields.join('; ') + ')' : text;
        return new Response(JSON.stringify({ error: detail }), { status: response.status, headers: { 'content-type': 'application/json' } });
      }, function () { return response; });
    });
  };
  window.addEventListener('DOMContentLoaded', function () {
    var config = JSON.parse(document.getElementById('cms-config').textContent);
    var field = ${JSON.stringify(JSON_LIST_FIELD)};
    window.CMS.registerCustomFormat(${JSON.stringify(JSON_LIST_FORMAT)}, 'json', {
      fromFile: function (text) { var list = JSON.parse(text); var data = {}; data[field] = list; return data; },
      toFile: function (data) { return JSON.stringify(data[field] || [], null, 2) + '\\n'; }
    });
    window.CMS.init({ config: config });
  });
})();`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The page's own Content-Security-Policy, stricter than nothing but looser than the site's: Decap
 * validates its configuration with Ajv, which compiles validators with `new Function`
 * ('unsafe-eval'), and ships WebAssembly ('wasm-unsafe-eval'). Only this page, served to signed-in
 * managers and owners, gets it; every public page keeps the site's policy without either.
 */
export const editorPagePolicy = (): string =>
  [
    "default-src 'self'",
    `script-src 'self' ${hash(EDITOR_BOOT_SCRIPT)} 'unsafe-eval' 'wasm-unsafe-eval'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** Text that is safe inside a <script type="application/json"> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function editorPage(config: EditorConfig): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Content editor</title>
<script id="cms-config" type="application/json">${scriptJson(config)}</script>
<script>${EDITOR_BOOT_SCRIPT}</script>
<script src="${DECAP_ASSET_PATH}decap-cms.js"></script>
</head>
<body></body>
</html>
`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a signed-in staff member whose role cannot edit content sees instead of the editor. */
export function notAllowedPage(role: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Content editor</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
<h1>Content editor</h1>
<p>Your role (${escapeHtml(role)}) cannot edit the site’s content. Managers and owners can; ask an owner if you need it.</p>
<p><a href="${adminPaths.home}">Back to the admin</a></p>
</body>
</html>
`;
}
