import { wholeNumber, z } from '../validation';

/**
 * The reminders section of the settings screen (PUT /api/admin/settings/reminders): each reminder
 * on or off with its timing, and the review link the thank-you carries. Messages staff can act on;
 * the merged settings row is validated again by the settings schema.
 */
const onOff = z.boolean({ error: 'Choose on or off' });
const wording = z
  .string({ error: 'Write the message' })
  .trim()
  .min(1, 'Write the message')
  .max(1000, 'Use at most 1,000 characters');

export const remindersSection = z.object({
  reminderSendTime: z
    .string({ error: 'Use HH:MM (24-hour)' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM (24-hour)'),
  balanceReminderEnabled: onOff,
  balanceReminderDaysBefore: wholeNumber(0, 30, 'days'),
  dayBeforeReminderEnabled: onOff,
  waiverReminderEnabled: onOff,
  waiverReminderHoursBefore: wholeNumber(1, 168, 'hours'),
  thankYouEnabled: onOff,
  thankYouDaysAfter: wholeNumber(0, 7, 'days'),
  reviewUrl: z.union(
    [
      z.literal(''),
      z
        .url({ protocol: /^https?$/, error: 'Enter a web address starting with https://' })
        .max(500, 'Use at most 500 characters'),
    ],
    { error: 'Enter a web address starting with https://, or leave it empty' },
  ),
  // Messages a customer gets (src/lib/customer-messages): the switches the reminders above lack, and the words of each.
  onTheWayEnabled: onOff,
  cartReminderEnabled: onOff,
  dayBeforeWording: wording,
  onTheWayWording: wording,
  reviewRequestWording: wording,
  cartReminderWording: wording,
});
export type RemindersSection = z.infer<typeof remindersSection>;
