// The front door of staff bookings: the bookings list and one booking's screen, status moves, notes, unit
// moves and the desk (phone bookings and changes). Server side (I/O): functions and other features' *.server.ts.
export { type BookingListRow, exportBookings, listBookings } from './booking-list.server';
export { type AdminBooking, type AdminPayment, type AdminUnit, getAdminBooking } from './admin-booking.server';
export { addNote, changeBookingLanguage, changeStatus, keepBooking, moveTakenAt, moveUnit, resendConfirmation } from './booking-actions.server';
export { changeBooking, createPhoneBooking, deskAvailability, deskPrice, type DeskQuote, findCustomers, staffMayTakeBookings } from './desk.server';
