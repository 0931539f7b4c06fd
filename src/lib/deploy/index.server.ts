// The front door of deploying, server side: Netlify's own bundler, and the routes read from docs/api.md.
export { bundleNetlifyFunctions, listNetlifyFunctions } from './netlify-bundler.server';
