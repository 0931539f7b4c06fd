import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { paymentMethodLabels } from '../../../lib/booking';
import { PRODUCT_PHOTO_TYPES } from '../../../lib/catalog';
import { damageReportBody, type DayRun, type DayStop, type DoorMoney } from '../../../lib/day';
import type { z } from '../../../lib/validation';
import { centsToDollarsInput, formatMoney, parseDollars } from '../../../lib/money';
import { adminApi } from '../../../lib/paths';
import { SelectField, TextArea, TextField } from '../../shared/form-kit';
import { crewSend } from '../shared/crew-send';
import { apiResolver, showServerErrors, useAdminForm } from '../shared/admin-form';
import { buttonClass, FormButtons } from '../shared/ui';
import { LabelledOptions } from '../shared/options';
import { noteBody } from '../../../lib/staff-bookings';
import { offlinePaymentMethods, paymentBody } from '../../../lib/payments';
import { formFields } from '../../shared/form-fields';

/**
 * What the crew record at a stop: a payment collected, a note, a damage report. Each is a one-shot
 * form on react-hook-form with the API's schema, as the booking screen's payment and refund forms
 * are (`command`: closing one half-filled loses nothing that was there before). Each sends through
 * crewSend: without signal it is kept on the phone and sent when the connection returns.
 */

interface PaymentValues {
  amountCents: string;
  method: (typeof offlinePaymentMethods)[number];
  note: string;
}

/** The amount typed, checked against what is left to collect (the server checks the balance again). */
const paymentResolver = (money: DoorMoney, currency: string) =>
  apiResolver(paymentBody, (v: PaymentValues, _read, problems) => {
    const cents = parseDollars(v.amountCents);
    if (cents === null || cents <= 0) problems.amountCents = 'Enter the amount collected';
    else if (cents > money.collectCents) {
      problems.amountCents = `At most ${formatMoney(money.collectCents, currency)} is left to collect${money.waitingCents > 0 ? ` (${formatMoney(money.waitingCents, currency)} waits to send)` : ''}`;
    }
    return { amountCents: cents ?? Number.NaN, method: v.method, note: v.note };
  });

export function PaymentForm({ run, stop, money, onDone }: { run: DayRun; stop: DayStop; money: DoorMoney; onDone(): void }) {
  const [resolver] = useState(() => paymentResolver(money, run.currency));
  const form = useForm<PaymentValues, unknown, z.output<typeof paymentBody>>({
    resolver,
    defaultValues: { amountCents: centsToDollarsInput(money.collectCents), method: 'cash', note: '' },
  });
  const { handleSubmit, formState } = form;
  const field = formFields(form);
  const saving = useAdminForm(form, { command: true });
  const submit = handleSubmit(async (payment) => {
    const amount = formatMoney(payment.amountCents, run.currency);
    const confirms = money.toConfirmCents !== null && payment.amountCents >= money.toConfirmCents;
    const result = await crewSend(adminApi.day.booking(stop.bookingId, 'payments'), 'POST', payment, {
      success: `${amount} recorded for ${stop.number}.${confirms ? ' The booking is confirmed.' : ''}`,
      label: `${stop.number}: payment of ${amount}`,
      bookingId: stop.bookingId,
    });
    if (!result.ok) return void showServerErrors(form.setError, result.error, (path) => path in form.getValues());
    saving.saved();
    onDone();
  });
  const hint = [
    `Left to collect: ${formatMoney(money.collectCents, run.currency)}`,
    money.toConfirmCents ? `${formatMoney(money.toConfirmCents, run.currency)} confirms the booking` : null,
  ]
    .filter(Boolean)
    .join('. ');
  return (
    <form noValidate className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-3" aria-label={`Payment collected for ${stop.number}`} onSubmit={(e) => void submit(e)}>
      <TextField {...field('amountCents')} label="Amount collected ($)" inputMode="decimal" hint={hint} />
      <SelectField {...field('method')} label="Paid by">
        <LabelledOptions values={offlinePaymentMethods} labels={paymentMethodLabels} />
      </SelectField>
      <TextField {...field('note')} label="Note" optional />
      <FormButtons className="sm:col-span-3" label="Save payment" busy={formState.isSubmitting} />
    </form>
  );
}

const noteResolver = apiResolver(noteBody, (v: { note: string }) => v);

export function NoteForm({ stop, onDone }: { stop: DayStop; onDone(): void }) {
  const form = useForm<{ note: string }, unknown, z.output<typeof noteBody>>({ resolver: noteResolver, defaultValues: { note: '' } });
  const { handleSubmit, formState } = form;
  const field = formFields(form);
  const saving = useAdminForm(form, { command: true });
  const submit = handleSubmit(async (body) => {
    const result = await crewSend(adminApi.bookings.one(stop.bookingId, 'notes'), 'POST', body, { success: `Note added to ${stop.number}.`, label: `${stop.number}: note`, bookingId: stop.bookingId });
    if (!result.ok) return form.setError('note', { type: 'server', message: result.error.fields?.note ?? result.error.message }, { shouldFocus: true });
    saving.saved();
    onDone();
  });
  return (
    <form noValidate className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3" aria-label={`Note for ${stop.number}`} onSubmit={(e) => void submit(e)}>
      <TextArea {...field('note')} label="Note" rows={3} hint="Added to the booking’s staff notes with your name and the time." />
      <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
        Save note
      </button>
    </form>
  );
}

/** Phone photos are large: shrink to 1600 px on the longest side (JPEG) so the report uploads quickly on a lawn. */
async function photoDataUrl(file: File): Promise<string> {
  if (!(PRODUCT_PHOTO_TYPES as readonly string[]).includes(file.type)) throw new Error('Choose a JPEG, PNG or WebP photo');
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error('That photo could not be read. Choose a JPEG, PNG or WebP photo');
  });
  const scale = Math.min(1, 1600 / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size < 1_500_000) {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(new Error('That photo could not be read'));
      reader.readAsDataURL(file);
    });
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.82);
}

interface DamageValues {
  unitId: string;
  note: string;
}

export function DamageForm({ stop, onDone }: { stop: DayStop; onDone(): void }) {
  // The photo is read and shrunk when the report is sent; the schema checks the rest first.
  const [resolver] = useState(() => apiResolver(damageReportBody, (v: DamageValues) => ({ bookingId: stop.bookingId, note: v.note, photo: null })));
  const form = useForm<DamageValues, unknown, z.output<typeof damageReportBody>>({ resolver, defaultValues: { unitId: stop.units[0]?.unitId ?? '', note: '' } });
  const { handleSubmit, formState, getValues } = form;
  const field = formFields(form);
  const saving = useAdminForm(form, { command: true });
  const [file, setFile] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const submit = handleSubmit(async (report) => {
    setPhotoError(undefined);
    let photo: string | null;
    try {
      photo = file ? await photoDataUrl(file) : null;
    } catch (error) {
      return setPhotoError((error as Error).message);
    }
    const unitId = getValues('unitId');
    const label = stop.units.find((u) => u.unitId === unitId)?.label ?? 'the unit';
    const result = await crewSend(adminApi.day.unitDamageReports(unitId), 'POST', { ...report, photo }, { success: `Damage to ${label} reported.`, label: `${stop.number}: damage to ${label}${photo ? ' (with photo)' : ''}`, bookingId: stop.bookingId });
    if (!result.ok) {
      setPhotoError(result.error.fields?.photo);
      return void showServerErrors(form.setError, result.error, (path) => path === 'note');
    }
    saving.saved();
    onDone();
  });
  return (
    <form noValidate className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3" aria-label={`Damage report for ${stop.number}`} onSubmit={(e) => void submit(e)}>
      <SelectField {...field('unitId')} label="Unit">
        {stop.units.map((u) => (
          <option key={u.unitId} value={u.unitId}>
            {u.label} · {u.productName}
          </option>
        ))}
      </SelectField>
      <TextArea {...field('note')} label="What is damaged" rows={3} hint="Added to the unit’s maintenance notes on the inventory screen." />
      <TextField label="Photo" optional type="file" accept="image/jpeg,image/png,image/webp" capture="environment" onChange={(e) => setFile(e.target.files?.[0] ?? null)} error={photoError} />
      <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
        Save damage report
      </button>
    </form>
  );
}
