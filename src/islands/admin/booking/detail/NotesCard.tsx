import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { adminApi } from '../../../../lib/paths';
import type { z } from '../../../../lib/validation';
import { FormAlert, TextArea } from '../../../shared/form-kit';
import { adminMutate } from '../../shared/admin-api';
import { apiResolver, showServerErrors, useAdminForm } from '../../shared/admin-form';
import { Card, secondaryButtonClass } from '../../shared/ui';
import type { CardProps } from './card-props';
import { noteBody } from '../../../../lib/staff-bookings';
import { formFields } from '../../../shared/form-fields';

const noteResolver = apiResolver(noteBody, (v: { note: string }) => v);

/** Notes for the crew and the office (the delivery sheet prints them). */
export function NotesCard({ booking, reload }: CardProps) {
  const form = useForm<{ note: string }, unknown, z.output<typeof noteBody>>({ resolver: noteResolver, defaultValues: { note: '' } });
  const { handleSubmit, formState } = form;
  const field = formFields(form);
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = handleSubmit(async (body) => {
    setProblem(null);
    const result = await adminMutate(adminApi.bookings.one(booking.id, 'notes'), 'POST', body, 'Note added.');
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => path === 'note'));
    saving.saved({ note: '' });
    reload();
  });
  return (
    <Card title="Staff notes">
      {booking.staffNotes ? (
        <p className="mb-3 whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm text-slate-900" data-testid="staff-notes">
          {booking.staffNotes}
        </p>
      ) : (
        <p className="mb-3 text-sm text-slate-700">No notes yet.</p>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextArea {...field('note')} label="Add a note" rows={2} maxLength={2000} />
        {problem && <FormAlert title="The note was not added" message={problem} />}
        <button type="submit" className={`${secondaryButtonClass} mt-2`} disabled={formState.isSubmitting}>
          Add note
        </button>
      </form>
    </Card>
  );
}
