// The front door of site-wide build data: content, icons, palette, manifest, placeholders. Server side (I/O):
// functions, the build and other features' *.server.ts.
export { landingCities, productPagePaths, siteData, siteProducts, siteWaiverTexts } from './build-data.server';
export { renderedSitePage, siteCityEntry, siteCollection, siteTownNotesEs } from './site-content.server';
export { cityPagePaths, landingPageContext, landingPageData, landingPagePaths, landingPageSet } from './landing-pages.server';
export { renderedOnce } from './rendered-once.server';
export { type Crumb, pageContext, type PageContext } from './page-context.server';
