/** The content editor's server side: where the files are kept and the editor's backend. */
export { contentAction, contentRequest, spanishMissing } from './content-admin.server';
export { contentStoreFor, localContentStore, githubContentStore, type ContentStore } from './content-store.server';
