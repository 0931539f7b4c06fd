// The front door of text messages (issue #26): the consent wording, keywords, quiet hours, phone numbers
// and what the admin shows of a booking's texts. Pure and safe in the browser; its I/O is index.server.ts.
export { textConsentWording, type TextConsentSource } from './consent';
export { keywordLanguage, textKeyword, type TextKeyword } from './keywords';
export { storedPhone, toE164 } from './phone';
export { DEFAULT_QUIET_HOURS, isQuietClock, type QuietHours, SENT_IN_QUIET_HOURS, textSendableAt, textSendAt, waitsForQuietHours } from './quiet-hours';
export { type BookingTexts, type TextConsentView, type TextMessageView, textStatusLabels } from './text-view';
