import { cancellationTerms, changePolicyKeys, type ChangePolicy } from '../../../lib/changes';
import { changesSection } from '../../../lib/settings';
import type { z } from '../../../lib/validation';
import { TextField } from '../../shared/form-kit';
import { SectionCard } from './SettingsCards';
import { useSectionForm, type Settings } from './use-settings-form';
import { wholeNumberSection } from './whole-number-section';

type Changes = Record<(typeof changePolicyKeys)[number], string>;
const { resolver: changesResolver, toValues: formValues } = wholeNumberSection(changesSection, changePolicyKeys);

/**
 * The policy as typed so far, or null while it is not one the server would save (a field not a whole
 * number yet, out of its range, or a credit limit beyond the refund limit): the preview waits rather
 * than describe a policy that the save refuses.
 */
function typedPolicy(values: Changes): ChangePolicy | null {
  const typed = changePolicyKeys.map((key) => [key, values[key].trim()] as const);
  if (typed.some(([, text]) => !/^\d+$/.test(text))) return null;
  const policy = Object.fromEntries(typed.map(([key, text]) => [key, Number(text)]));
  return changesSection.safeParse(policy).success ? (policy as ChangePolicy) : null;
}

/** The owner's change and cancellation policy: the tracking page and the policy page word it for customers. */
export function ChangesForm({ initial, onSaved }: { initial: Settings; onSaved?(values: Settings): void }) {
  const { form, field, card } = useSectionForm<Changes, z.output<typeof changesSection>>({ section: 'changes', resolver: changesResolver, toValues: formValues, initial, onSaved, success: 'Policy saved.' });
  const term = (key: (typeof changePolicyKeys)[number], label: string, hint?: string) => <TextField {...field(key)} label={label} inputMode="numeric" hint={hint} />;
  const policy = typedPolicy(form.watch());
  return (
    <SectionCard
      title="Policy"
      description="What a customer gets back when they cancel, and until when a booking moves to another date free. The tracking page shows each customer what it means for their booking; the cancellation policy page lists it after the next publish."
      {...card}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {term('cancellationRefundDays', 'Full deposit refund until (days before the event)', '0 refunds the deposit any time before the event.')}
        {term('cancellationCreditHours', 'Deposit as a credit until (hours before the event)', 'Between the two limits the deposit becomes a credit. The same as the refund limit in hours: no credit.')}
        {term('creditExpiryMonths', 'Credits can be spent for (months)')}
        {term('changeCutoffHours', 'Free date changes until (hours before the event)')}
        {term('rainOutAnswerDays', 'After a rain-out, customers choose within (days)', 'Then what they paid stays with them as a rain check.')}
      </div>
      {policy && (
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          <p className="font-semibold">What customers read</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {cancellationTerms(policy).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </SectionCard>
  );
}
