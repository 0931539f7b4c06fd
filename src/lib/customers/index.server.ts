// The front door of the admin's customer records and their CSV import. Server side (I/O): functions, the build
// and other features' *.server.ts.
export {
  customerListQuery,
  customerMergeBody,
  customerNotesBody,
  exportCustomers,
  getCustomer,
  listCustomers,
  mergeCustomers,
  updateCustomerFromBooking,
  updateCustomerNotes,
} from './customers-admin.server';
export { customersImportBody, importCustomers, previewCustomersImport } from './customers-import.server';
export type { CustomerDetail, CustomerRow } from './customers-admin.server';
export type { CustomersPreview } from './customers-import.server';
