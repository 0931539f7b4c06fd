// DOOR_HEADER
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
