import { remindersSection } from '../../../lib/reminders';
import type { z } from '../../../lib/validation';
import { Checkbox, TextArea, TextField } from '../../shared/form-kit';
import { apiResolver } from '../shared/admin-form';
import { SectionCard } from './SettingsCards';
import { useSectionForm, type Settings } from './use-settings-form';

interface Reminders {
  reminderSendTime: string;
  balanceReminderEnabled: boolean;
  balanceReminderDaysBefore: string;
  dayBeforeReminderEnabled: boolean;
  waiverReminderEnabled: boolean;
  waiverReminderHoursBefore: string;
  thankYouEnabled: boolean;
  thankYouDaysAfter: string;
  reviewUrl: string;
  onTheWayEnabled: boolean;
  cartReminderEnabled: boolean;
  dayBeforeWording: string;
  onTheWayWording: string;
  reviewRequestWording: string;
  cartReminderWording: string;
}
type Wording = 'dayBeforeWording' | 'onTheWayWording' | 'reviewRequestWording' | 'cartReminderWording';
const remindersResolver = apiResolver(remindersSection, (v: Reminders, read) => {
  return {
    ...v,
    balanceReminderDaysBefore: read.number('balanceReminderDaysBefore', v.balanceReminderDaysBefore),
    waiverReminderHoursBefore: read.number('waiverReminderHoursBefore', v.waiverReminderHoursBefore),
    thankYouDaysAfter: read.number('thankYouDaysAfter', v.thankYouDaysAfter),
    reviewUrl: v.reviewUrl.trim(),
  };
});

/** The form's values from the settings (as loaded, or as a save returned them). */
const formValues = (initial: Settings): Reminders => ({
  reminderSendTime: initial.reminderSendTime,
  balanceReminderEnabled: initial.balanceReminderEnabled,
  balanceReminderDaysBefore: String(initial.balanceReminderDaysBefore),
  dayBeforeReminderEnabled: initial.dayBeforeReminderEnabled,
  waiverReminderEnabled: initial.waiverReminderEnabled,
  waiverReminderHoursBefore: String(initial.waiverReminderHoursBefore),
  thankYouEnabled: initial.thankYouEnabled,
  thankYouDaysAfter: String(initial.thankYouDaysAfter),
  reviewUrl: initial.reviewUrl,
  onTheWayEnabled: initial.onTheWayEnabled,
  cartReminderEnabled: initial.cartReminderEnabled,
  dayBeforeWording: initial.dayBeforeWording,
  onTheWayWording: initial.onTheWayWording,
  reviewRequestWording: initial.reviewRequestWording,
  cartReminderWording: initial.cartReminderWording,
});

/** Each reminder's on/off switch, with what it sends and when; its timing field below it while it is on. */
export function RemindersForm({ initial, timezone, onSaved }: { initial: Settings; timezone: string; onSaved?(values: Settings): void }) {
  const { form, field, card } = useSectionForm<Reminders, z.output<typeof remindersSection>>({ section: 'reminders', resolver: remindersResolver, toValues: formValues, initial, onSaved, success: 'Reminders saved.' });
  const { watch } = form;
  const timing = (key: 'balanceReminderDaysBefore' | 'waiverReminderHoursBefore' | 'thankYouDaysAfter', label: string, hint?: string) => (
    <TextField {...field(key)} label={label} inputMode="numeric" hint={hint} className="ml-7 max-w-xs" />
  );
  const words = (key: Wording, label: string, placeholders: string) => (
    <TextArea {...field(key)} label={label} rows={2} hint={`The message's own words. ${placeholders} are filled in.`} className="ml-7" />
  );
  return (
    <SectionCard
      title="Reminders"
      description={`Messages the site sends customers, each at most once per booking (or cart) and listed in the booking's history. The review request and the cart reminder are never sent to an address that unsubscribed. Never for cancelled bookings. Times are in the business's time zone (${timezone}).`}
      {...card}
    >
      <TextField {...field('reminderSendTime')} label="Send day-based reminders from" type="time" hint="Balance, day-before and thank-you messages go out from this time of day, never at night." className="max-w-xs" />
      <Checkbox {...field('balanceReminderEnabled')} label="Balance due" hint="Reminds the customer of the amount still owed before the balance due date." />
      {watch('balanceReminderEnabled') && timing('balanceReminderDaysBefore', 'Days before the balance is due', '0 = on the due date.')}
      <Checkbox {...field('dayBeforeReminderEnabled')} label="Day before the event" hint="The delivery window (from the day's route order), what to prepare and the waiver link, on the day before the party." />
      {watch('dayBeforeReminderEnabled') && words('dayBeforeWording', 'Day-before wording', '{firstName}, {business}, {window}, {date}')}
      <Checkbox {...field('onTheWayEnabled')} label="On the way" hint="The crew taps “On the way” on a stop in the day screen: the customer gets the estimated arrival, once per booking per day." />
      {watch('onTheWayEnabled') && words('onTheWayWording', 'On-the-way wording', '{firstName}, {business}, {eta}')}
      <Checkbox {...field('waiverReminderEnabled')} label="Waiver still missing" hint="Asks for the safety waiver when none is signed yet." />
      {watch('waiverReminderEnabled') && timing('waiverReminderHoursBefore', 'Hours before the event starts')}
      <Checkbox {...field('thankYouEnabled')} label="Thank-you and review request after the party" hint="Sent once the booking is completed (picked up): “How did we do?” A happy answer goes to the review link below; an unhappy one to a private feedback form that lands in the inbox." />
      {watch('thankYouEnabled') && timing('thankYouDaysAfter', 'Days after completion', '0 = the same day.')}
      {watch('thankYouEnabled') && words('reviewRequestWording', 'Review request wording', '{firstName}, {business}, {date}')}
      <Checkbox {...field('cartReminderEnabled')} label="Unfinished checkout" hint="One reminder with a link back to the same cart when a customer typed an e-mail at checkout and did not book within an hour. Carries an unsubscribe link." />
      {watch('cartReminderEnabled') && words('cartReminderWording', 'Unfinished checkout wording', '{business}, {date}')}
      <TextField {...field('reviewUrl')} label="Review link" type="url" inputMode="url" placeholder="https://" hint="Where the thank-you asks for a review (e.g. your Google review link). Leave empty for none." />
    </SectionCard>
  );
}
