// The front door of the yard check (issue #38): the customer's answers about the setup spot, held
// against each product's requirements and the owner's site rules. Pure and safe in the browser.
export {
  checkSite,
  DEFAULT_OUTLET_RUN_FT,
  type SiteCharge,
  siteChargesCents,
  type SiteCheck,
  type SiteCheckInput,
  type SiteLoad,
  siteQuestions,
  type SiteRefusal,
  type SiteUnit,
} from './check-site';
export { ANSWER_PLEASE, MAX_STAIR_FLIGHTS, NOT_SURE, OUTLET_ANSWERS, type OutletAnswer, SITE_FIELDS, SITE_QUESTIONS, type SiteQuestion } from './site-answer-values';
export { siteAnswers, type SiteAnswers } from './site-answers';
export { siteChargeInSpanish, siteHelpIn, siteWordsInSpanish, type SpanishNames } from './site-spanish';
export { type BookedSite, bookedSite, type KeptSiteLoad, type SiteLoadout, callAboutWords, keptLoad, keptSite, keptSpot, loadWords, overriddenAnchoring, type SetupSpot, setupSpot, siteAnswerRows, sitePreparation, siteSummary, siteToldUs } from './site-words';
export {
  isAddedGeneratorRefusal,
  overridable,
  overrideHint,
  overrideInForce,
  overrideRefusals,
  overrideToStore,
  overrideCovering,
  overrideWords,
  SITE_OVERRIDE_REASON_MAX,
  type SiteOverride,
  siteOverrideInput,
  type SiteOverrideInput,
  type SiteRefusalRef,
  type StaffOverride,
} from './site-override';
