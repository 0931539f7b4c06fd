import { protectionSection } from '../../../lib/settings';
import type { z } from '../../../lib/validation';
import { TextField } from '../../shared/form-kit';
import { SectionCard } from './SettingsCards';
import { useSectionForm, type Settings } from './use-settings-form';
import { wholeNumberSection } from './whole-number-section';

const protectionKeys = Object.keys(protectionSection.shape) as (keyof z.output<typeof protectionSection>)[];
type Protection = Record<(typeof protectionKeys)[number], string>;
const { resolver: protectionResolver, toValues: formValues } = wholeNumberSection(protectionSection, protectionKeys);

/** The owner's limits on what one visitor may hold or make the business send (see docs/security.md). */
export function ProtectionForm({ initial, onSaved }: { initial: Settings; onSaved?(values: Settings): void }) {
  const { field, card } = useSectionForm<Protection, z.output<typeof protectionSection>>({ section: 'protection', resolver: protectionResolver, toValues: formValues, initial, onSaved, success: 'Limits saved.' });
  const limit = (key: (typeof protectionKeys)[number], label: string, hint?: string) => <TextField {...field(key)} label={label} inputMode="numeric" hint={hint} />;
  return (
    <SectionCard
      title="Limits"
      description="What one visitor may hold or make the business send. They stop a script from emptying a Saturday or sending mail in the business's name; a real family never meets them."
      {...card}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {limit('unpaidHoldHours', 'Unpaid bookings are released after (hours)', 'An online booking nobody paid or confirmed gives its units back after this long. Confirm it on the booking to keep it.')}
        {limit('maxUnitsPerProduct', 'Units of one product per online booking')}
        {limit('maxItemsPerBooking', 'Products per online booking')}
        {limit('maxOpenUnpaidPerEmail', 'Open unpaid bookings per e-mail address')}
        {limit('maxOpenUnpaidPerPhone', 'Open unpaid bookings per phone number')}
        {limit('maxOpenUnpaidPerClient', 'Open unpaid bookings per internet address', 'Customers on one mobile network or office can share an address: raise it if real customers meet it.')}
        {limit('unverifiedMailDailyCap', 'Form acknowledgements per day', 'E-mails to addresses nobody has verified (contact, quote, cake and suggestion forms), across all visitors. The dashboard says when the day’s are used up.')}
        {limit('waiverCopiesPerBooking', 'Waiver copies e-mailed per booking')}
      </div>
    </SectionCard>
  );
}
