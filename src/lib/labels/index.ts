// The front door of the words staff and customers read for codes and choices (statuses, reasons, kinds,
// select options). Pure and safe in the browser.
export { codeLabels } from './code-labels';
export { labelledOptions } from './labelled-options';
