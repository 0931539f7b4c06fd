import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_DOCS, documentedEndpoints, linkedMarkdownFiles, type DocumentedEndpoint } from './documented-routes';

/**
 * Every endpoint the API documentation documents: docs/api.md and the pages it links to (the admin
 * endpoints are documented with their screens, in docs/admin/), each endpoint with the page it is on.
 */
export function readDocumentedEndpoints(root = process.cwd()): DocumentedEndpoint[] {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const api = read(API_DOCS);
  return [API_DOCS, ...linkedMarkdownFiles(api, API_DOCS).filter((file) => file !== API_DOCS)].flatMap((file) =>
    documentedEndpoints(file === API_DOCS ? api : read(file), file),
  );
}
