import { useEffect, useMemo, useState } from 'react';
import { get, useForm } from 'react-hook-form';
import { hasRole } from '../../../../lib/auth';
import { formatMoney } from '../../../../lib/money';
import type { BalanceChargeOutcome } from '../../../../lib/payments/index.server';
import { adminApi, adminPaths } from '../../../../lib/paths';
import type { ApiError } from '../../../shared/api';
import { FormAlert } from '../../../shared/form-kit';
import { apiResolver } from '../../shared/admin-form';
import { businessState, staffClock } from '../../shared/business';
import { useRecordEditor } from '../../shared/record-editor';
import { useStaff } from '../../shared/staff';
import { ScreenHeader, secondaryButtonClass } from '../../shared/ui';
import {
  changeValues,
  couponRefusal,
  isFinishedAdjustment,
  newBookingDate,
  newBookingValues,
  toBookingChange,
  toPhoneBooking,
  withCouponLeft,
  type EditorValues,
} from '../booking-editor-values';
import { useBookingDesk } from '../use-booking-desk';
import { AddressCard } from './AddressCard';
import { AdjustmentsCard } from './AdjustmentsCard';
import { describeChange } from './change-preview';
import { isDeskField } from './desk-form';
import { ItemsCard } from './ItemsCard';
import { ContactCard, CustomerCard } from './PeopleCards';
import { PriceCard } from './PriceCard';
import { SavingCard } from './SavingCard';
import { SiteCheckCard } from '../../shared/SiteCheckCard';
import { SiteQuestionsCard } from './SiteQuestionsCard';
import { StickySummary } from './StickySummary';
import { WhenCard } from './WhenCard';
import { bookingChangeInput, phoneBookingInput } from '../../../../lib/staff-bookings';
import type { AdminBooking } from '../../../../lib/staff-bookings/index.server';

const phoneResolver = apiResolver(phoneBookingInput, (v: EditorValues, _read, problems) => toPhoneBooking(v, problems));
const changeResolver = apiResolver(bookingChangeInput, (v: EditorValues, _read, problems) => toBookingChange(v, problems));

/**
 * The toast for a refused save: when every reason is said at its field (the date or a time, an item,
 * the address…) it only says the booking was not saved, so the reason is read once, where staff change
 * it (the first of those fields has the focus); otherwise the reason itself.
 */
const refusalToast = (error: ApiError) => {
  const fields = Object.keys(error.fields ?? {});
  return fields.length > 0 && fields.every(isDeskField) ? 'Not saved: see the fields marked in red.' : error.message;
};

/** What both saves answer with: enough to go to the booking. */
type Saved = { id: string; number: string };

/**
 * The New booking / Change booking form. Fields are checked when staff leave them (then again as
 * they correct them), never while they are still typing; saving checks everything.
 */
export function DeskForm({ booking }: { booking: AdminBooking | null }) {
  const { mayTakeBookings, staff } = useStaff();
  const defaults = useMemo(
    () => {
      if (booking) return changeValues(booking);
      const clock = staffClock();
      return newBookingValues(newBookingDate(clock.today(), clock.timeOf(clock.now())), businessState());
    },
    [booking],
  );
  const form = useForm<EditorValues, unknown, unknown>({
    resolver: (booking ? changeResolver : phoneResolver) as never,
    defaultValues: defaults,
    // Checked when staff leave a field, not while they type ('onTouched' would also check a whole
    // adjustment row the moment "Add an adjustment" appends it, before anything is typed).
    mode: 'onBlur',
  });
  // A field showing an error is checked again as staff correct it, so the message goes once it is right.
  useEffect(() => {
    const watching = form.watch((_values, { name, type }) => {
      if (type === 'change' && name && get(form.formState.errors, name)) void form.trigger(name);
    });
    return () => watching.unsubscribe();
  }, [form]);
  const { handleSubmit, formState, watch } = form;
  const editor = useRecordEditor<EditorValues, unknown, Saved>({
    form,
    toValues: () => form.getValues(),
    isField: isDeskField,
  });
  const values = watch();
  // Crew take bookings only where the owner allows it, and change none (the API's PUT is a manager's).
  const allowed = staff !== null && (booking ? hasRole(staff.role, 'manager') : mayTakeBookings);
  // The coupon is priced once staff leave its field, and its refusal is said there (not mid-word).
  const [couponLeft, setCouponLeft] = useState(defaults.coupon);
  const desk = useBookingDesk(withCouponLeft(values, couponLeft), booking?.id ?? null, allowed);
  const couponRefused = couponRefusal(desk.price, values.coupon, couponLeft);
  const [leaving, setLeaving] = useState(false);
  const title = booking ? `Change booking ${booking.number}` : 'New booking';
  useEffect(() => {
    document.title = `${title} | Admin`;
  }, [title]);

  if (staff && !allowed) {
    return (
      <>
        <ScreenHeader title={booking ? `Change booking ${booking.number}` : 'New booking'} />
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
        >
          {booking
            ? 'Only a manager or owner can change a booking.'
            : 'Only a manager or owner can take bookings here (an owner can allow crew in Settings).'}
        </p>
      </>
    );
  }

  const save = handleSubmit(async (body) => {
    const saved = booking
      ? await editor.save<{ booking: Saved & { cakeNotices?: string[] }; balanceCharge: BalanceChargeOutcome | null }>({
          url: adminApi.bookings.one(booking.id),
          method: 'PUT',
          body,
          // A raised total after the charge date goes on the saved card at once, and the cakes move with
          // the party: say what happened.
          success: ({ booking: b, balanceCharge: c }) =>
            `Booking ${booking.number} changed.${(b.cakeNotices ?? []).map((n) => ` ${n}`).join('')}${
              c?.status === 'succeeded'
                ? ` ${formatMoney(c.amountCents)} charged to the saved card.`
                : c?.status === 'failed'
                  ? ` The saved card was declined for ${formatMoney(c.amountCents)}${c.message ? ` (${c.message})` : ''}; the customer was e-mailed a payment link.`
                  : ''
            }`,
          pick: (d) => d.booking,
          failure: refusalToast,
        })
      : await editor.save<{ booking: Saved }>({
          url: adminApi.bookings.list(),
          method: 'POST',
          body,
          success: (d) => `Booking ${d.booking.number} saved.`,
          pick: (d) => d.booking,
          failure: refusalToast,
        });
    if (!saved) return;
    // Saved: the button stays off while the booking's page loads (on a slow phone a second tap on a
    // "Book it" switched on again took the same booking twice).
    setLeaving(true);
    editor.leave(adminPaths.booking(saved.id));
  });

  const productName = (product: string) =>
    desk.free?.ok ? (desk.free.data.products.find((p) => p.product === product)?.name ?? product) : product;
  return (
    <form
      noValidate
      onSubmit={(e) => void save(e)}
      className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_17rem] lg:items-start"
    >
      <div className="grid min-w-0 gap-4">
        <ScreenHeader
          title={title}
          description={
            booking
              ? 'Change the date, items, address, contact or price. The units are checked again when you save.'
              : 'A booking taken on the phone: the same prices and availability as the website.'
          }
          actions={
            <a href={booking ? adminPaths.booking(booking.id) : adminPaths.bookings} className={secondaryButtonClass}>
              Cancel
            </a>
          }
        />
        {editor.problem && <FormAlert title="Not saved" message={editor.problem} />}
        <WhenCard form={form} windowProblem={desk.windowProblem} />
        <ItemsCard form={form} free={desk.free} quote={desk.price?.quote ?? null} windowProblem={desk.windowProblem} />
        {booking ? <ContactCard form={form} /> : <CustomerCard form={form} />}
        <AddressCard
          form={form}
          surfaceAsked={desk.price?.quote?.site.questions.includes('surface') ?? false}
          zipNotServed={desk.price?.error?.fields?.['zip'] ?? null}
        />
        <SiteQuestionsCard form={form} quote={desk.price?.quote ?? null} />
        <SiteCheckCard form={form} quote={desk.price?.quote ?? null} stored={booking?.site.override ?? null} />
        <AdjustmentsCard
          form={form}
          onCouponLeft={setCouponLeft}
          couponRefusal={couponRefused}
        />
        <PriceCard
          booking={booking}
          price={desk.price}
          changes={booking ? describeChange(booking, values, productName) : null}
          unfinishedAdjustments={!values.adjustments.every(isFinishedAdjustment)}
          couponRefusal={couponRefused}
        />
        <SavingCard form={form} isNew={!booking} />
      </div>
      <StickySummary
        booking={booking}
        price={desk.price}
        saving={formState.isSubmitting || leaving}
        bookingAnyway={values.siteOverride.on}
        onShowWindowProblem={(field) => form.setFocus(field)}
      />
    </form>
  );
}
