// The front door of the words staff read for codes (statuses, reasons, kinds). Pure and safe in the browser.
export { codeLabels } from './code-labels';
