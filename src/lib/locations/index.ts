// The front door of service areas, ZIP codes and the landing pages built from them. Pure and safe in the
// browser; its I/O is index.server.ts.
export {
  ageRange,
  buildCities,
  buildLandingPages,
  buildServices,
  buildsLandingPages,
  checklistDescription,
  citiesByCounty,
  citiesBySlug,
  type CityFacts,
  countiesPhrase,
  countyName,
  deliveryFeeText,
  deliverySentence,
  distanceSentence,
  driveText,
  formatFootprint,
  formatTaxRate,
  type LandingCity,
  landingCopyInput,
  landingDescription,
  landingHeading,
  landingLede,
  type LandingPage,
  landingParam,
  landingSections,
  listOf,
  minimumOrderText,
  planningChecklist,
  popularInCity,
  priceFrom,
  servedNeighbours,
  servedState,
  siteOrigin,
  summarizeOffer,
  unservedCityFiles,
  zipDirectory,
} from './landing-pages';
export { countOf, deliveryReach, servedTownsSentence, serviceAreasLinkLabel } from './area-words';
export { serviceAreaColumns, serviceAreaFromRow, type ServiceAreaInput, type ServiceAreaRow, stateCode, zipCode } from './schema';
export { type ServiceArea } from './types';
export { type ProposedTown, townsForZips, townsWithinRadius } from './zip-areas';
