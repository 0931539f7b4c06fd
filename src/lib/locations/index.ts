// The front door of service areas, ZIP codes and the landing pages built from them. Pure and safe in the
// browser; its I/O is index.server.ts.
export {
  buildLandingPages,
  buildServices,
  buildsLandingPages,
  landingHeading,
  type LandingPage,
  landingParam,
  siteOrigin,
} from './landing-pages';
export {
  buildCities,
  citiesByCounty,
  citiesBySlug,
  type CityFacts,
  countiesPhrase,
  countyName,
  driveText,
  type LandingCity,
  popularInCity,
  servedNeighbours,
  servedState,
  unservedCityFiles,
  cityContentId,
  renamedCityFiles,
} from './landing-cities';
export { ageRange, formatFootprint, formatTaxRate, listOf, priceFrom, summarizeOffer } from './offer-words';
export { deliveryFeeText, deliverySentence, distanceSentence, minimumOrderText } from './landing-cities';
export { landingCopyInput, landingDescription, landingLede, landingSections } from './landing-copy';
export { checklistDescription, planningChecklist } from './landing-checklist';
export { deliverySentenceEs, distanceSentenceEs, landingDescriptionEs, landingLedeEs, landingSectionsEs, type SpanishCopySection, type SpanishCopyWords, type TownNotesEs } from './landing-copy-es';
export { checklistDescriptionEs, planningChecklistEs } from './landing-checklist-es';
export { zipDirectory } from './zip-directory';
export { landingHeadingEs, spanishService } from './landing-service-es';
export { countOf, deliveryReach, servedTownsSentence, serviceAreasLinkLabel, townsList } from './area-words';
export { serviceAreaColumns, serviceAreaFromRow, type ServiceAreaInput, type ServiceAreaRow, stateCode, zipCode } from './schema';
export { type ServiceArea } from './types';
export { type ProposedTown, townsForZips, townsWithinRadius } from './zip-areas';
export { redirectsFile, type RenamedTown, SERVICE_AREAS_PATH, type TownRedirect, type TownRedirectInput, townRedirects } from './town-redirects';
