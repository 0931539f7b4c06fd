/** Content collections (src/content): their schemas, the editor's configuration and the file checks. */
export { contentCollections, contentDir, CONTENT_REPO_FOLDER, citySchema, serviceSchema, pageSchema, faqSchema, reviewSchema } from './collections';
export type { ContentCollection, FaqOffer } from './collections';
export { localizeEntries, missingTranslations, orphanTranslations, type Localized } from './localized';
export { editorConfig, CONTENT_API_PATH, JSON_LIST_FORMAT, JSON_LIST_FIELD } from './editor-config';
export { bracedWords, contentPath, checkContentFile, MAX_CONTENT_FILE_BYTES, stringsIn } from './content-files';
export { editorPage, editorPagePolicy, notAllowedPage, DECAP_ASSET_PATH, DECAP_VERSION, isDecapAsset } from './editor-page';
