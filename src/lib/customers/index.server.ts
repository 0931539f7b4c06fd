// The front door of the admin's customer records and their CSV import. Server side (I/O): functions, the build
// and other features' *.server.ts.
export {
  type CustomerDetail,
  customerListQuery,
  customerMergeBody,
  customerNotesBody,
  type CustomerRow,
  exportCustomers,
  getCustomer,
  listCustomers,
  mergeCustomers,
  updateCustomerFromBooking,
  updateCustomerNotes,
} from './customers-admin.server';
export {
  customersImportBody,
  type CustomersPreview,
  importCustomers,
  previewCustomersImport,
} from './customers-import.server';
