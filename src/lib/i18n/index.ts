// The front door of the site's languages (issue #40): English and US Spanish, the address of a page in
// each, the dictionaries and the formats. Pure and safe in the browser.
export {
  DEFAULT_LOCALE,
  hasSpanishPage,
  INTL_LOCALE,
  isLocale,
  LANGUAGE_NAME,
  LANGUAGE_NAME_IN_ENGLISH,
  LANGUAGE_TAG,
  type Locale,
  LOCALES,
  localeFromPath,
  localizedPath,
  localizedUrl,
  pathInLocale,
  SPANISH_OFFER,
  switchedPath,
  unlocalizedPath,
} from './locales';
export { fullStopAfter, interpolate, placeholdersOf, pluralOf, type PluralForms } from './interpolate';
export { type Formats, formatInstant, formatPhone, formatsFor, phoneHref } from './format';
export { type Messages, messagesFor } from './messages';
export { type ErrorCatalog, serverErrorCatalog, translateError, translateErrorNaming, translateFields } from './translate-error';
export { PAGE_LANGUAGE_HEADER, PAGE_LANGUAGE_QUERY, requestLanguage } from './request-language';
export { islandWords } from './island-words';
export { type FormPart, type FormWords, formWords } from './form-words';
