import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ADMIN_ENDPOINTS, API_DOCS, documentedEndpoints, linkedMarkdownFiles, markdownSection, type DocumentedEndpoint } from './documented-routes';

/**
 * Every endpoint the API documentation documents: docs/api.md and the pages its *Admin endpoints*
 * section links to (the admin endpoints are documented with their screens, in docs/admin/), each
 * endpoint with the page it is on. Other links of docs/api.md (to security.md, decisions.md) are reading, not API.
 */
export function readDocumentedEndpoints(root = process.cwd()): DocumentedEndpoint[] {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const api = read(API_DOCS);
  return [API_DOCS, ...linkedMarkdownFiles(markdownSection(api, ADMIN_ENDPOINTS), API_DOCS).filter((file) => file !== API_DOCS)].flatMap((file) =>
    documentedEndpoints(file === API_DOCS ? api : read(file), file),
  );
}
