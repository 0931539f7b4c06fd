import { useState } from 'react';
import { adminApi, adminPaths } from '../../../lib/paths';
import { useRecord } from '../shared/record-editor';
import { LoadState, ScreenHeader } from '../shared/ui';
import { DeskForm } from './desk/DeskForm';
import type { AdminBooking } from '../../../lib/staff-bookings/index.server';

/** The booking id in /admin/bookings/{id}/edit (one static page serves every id; the island reads the address), or null on New booking. */
function editedId(): string | null {
  if (typeof location === 'undefined') return null;
  const parts = location.pathname.replace(/\/$/, '').split('/');
  const id = parts.length > 2 && parts.at(-1) === 'edit' ? decodeURIComponent(parts.at(-2)!) : null;
  return id && adminPaths.bookingChange(id) === parts.join('/') ? id : null;
}

/**
 * New booking (a caller on the phone) and Change booking: the website's engine with a staff member
 * at the keyboard. Free counts and the exact price come from the server as staff type; saving
 * checks everything again, and a unit taken meanwhile is a clear 409 with nothing changed.
 */
export default function BookingEditor() {
  const [id] = useState(editedId);
  const { record, error, loading } = useRecord<AdminBooking, AdminBooking>(
    id ? adminApi.bookings.one(id) : null,
    (b) => b,
  );
  if (!id) return <DeskForm booking={null} />;
  if (!record) {
    return (
      <>
        <ScreenHeader title="Change booking" />
        <LoadState loading={loading} error={error} />
      </>
    );
  }
  return <DeskForm booking={record} />;
}
