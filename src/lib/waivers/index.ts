// The front door of waivers: the text, signing, PDF and the admin list. Pure and safe in the browser; its I/O
// is index.server.ts.
export {
  type CrewWaiverSigning,
  crewSignedAtProblem,
  crewWaiverSigning,
  SIGNED_AT_CLOCK_SKEW_MINUTES,
  waiverAccess,
  type WaiverAccess,
  type WaiverAccessInput,
  type WaiverContext,
  waiverContextQuery,
  type WaiverSigned,
  waiverSigning,
  type WaiverSigning,
  type WaiverSigningInput,
  waiverSignature,
  type WaiverSignature,
  type WaiverSignatureInput,
  type WaiverWording,
  STALE_WAIVER,
} from './waiver-signing';
export { englishWaiverWords, WAIVER_INTRO, WAIVER_RULES, WAIVER_TITLE, WAIVER_VERSION, waiverSections } from './waiver-text';
export { renderWaiverText, signedAtText, waiverDate, type WaiverFormWords, type WaiverRule, type WaiverWords } from './waiver-render';
export { spanishWaiverWords } from './waiver-text-es';
export { WAIVER_NEEDS_LEGAL_REVIEW, WAIVER_RULE_IDS, WAIVER_VERSIONS } from './waiver-versions';
export { waiverWords } from './waiver-words';
export { missingWaiverQuery, waiverListQuery } from './waivers-admin-input';
export { MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH } from './signature-png';
export { type CurrentWaiverText, nextWaiverVersion, textOfWords, type WaiverText, type WaiverTextInput, waiverReviewInput, waiverTextInput, wordsWithText } from './waiver-texts';
