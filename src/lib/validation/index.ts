// The front door of zod, set up for the CSP. Pure and safe in the browser.
export { z } from './zod';
export { wholeNumber } from './whole';
