// The front door of accounting (QuickBooks Online kept in step, issue #41), pure and browser-safe:
// the mapping's schema and the objects sent, built from the site's records.
export { type AccountingMapping, accountingMappingSchema, type AccountingSettingsInput, accountingSettingsSchema, depositAccountFor } from './accounting-mapping';
export { faultOf, type FaultKind, QuickBooksFault } from './quickbooks-faults';
export { invoiceLines, type InvoiceSource, InvoiceTotalMismatch } from './quickbooks-objects';
