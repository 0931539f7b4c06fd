import { useForm } from 'react-hook-form';
import { accountingSettingsSchema, type AccountingMapping as Mapping } from '../../../../lib/accounting';
import { adminApi } from '../../../../lib/paths';
import type { z } from '../../../../lib/validation';
import { Checkbox, SelectField } from '../../../shared/form-kit';
import { errorAt } from '../../../shared/form-fields';
import { apiResolver } from '../../shared/admin-form';
import { useRecordEditor } from '../../shared/record-editor';
import { SectionCard } from '../SettingsCards';
import type { AccountingPayload, MappingChoices } from './accounting-types';

type ItemField = 'rentalsItem' | 'damageWaiverItem' | 'deliveryItem' | 'adjustmentsItem' | 'salesTaxItem' | 'expiredCreditItem';
type AccountField = 'depositLiabilityAccount' | 'cardDepositAccount' | 'cashDepositAccount' | 'stripeFeeAccount' | 'payoutAccount' | 'receivableAccount';

/** The form as chosen: every id a string, '' for not chosen (a category's '' posts to the rentals item). */
interface MappingForm {
  mapping: Record<ItemField | AccountField, string> & { categoryItems: Record<string, string> };
  deferDeposits: boolean;
}

const itemFields: { name: ItemField; label: string; hint?: string; optional?: boolean }[] = [
  { name: 'rentalsItem', label: 'Rentals', hint: 'Products of every category not given an item of its own below.' },
  { name: 'damageWaiverItem', label: 'Damage waiver' },
  { name: 'deliveryItem', label: 'Delivery', hint: 'Also the yard’s automatic charges (sandbags, generator…).' },
  { name: 'adjustmentsItem', label: 'Adjustments, credits and refunds', hint: 'Staff adjustments, credits issued, refunds and what a cancellation keeps.' },
  { name: 'salesTaxItem', label: 'Sales tax', hint: 'An item posting to your sales tax payable account: the site sends its own tax as a line (QuickBooks’ automated sales tax cannot be told the amount).' },
  {
    name: 'expiredCreditItem',
    label: 'Expired store credit',
    hint: 'An item posting to an income account (e.g. “Expired store credit”): what is left of a credit when it expires. Until it is chosen, expiries wait in the sync log.',
    optional: true,
  },
];

/** Each account with the QuickBooks account types that fit it (all accounts are offered when none fits). */
const accountFields: { name: AccountField; label: string; hint?: string; types: string[] }[] = [
  { name: 'depositLiabilityAccount', label: 'Deposits for parties to come', hint: 'A liability (unearned revenue): money held until the party.', types: ['Other Current Liability'] },
  { name: 'cardDepositAccount', label: 'Card payments land in', hint: 'Your bank account, or Undeposited Funds.', types: ['Bank', 'Other Current Asset'] },
  { name: 'cashDepositAccount', label: 'Cash and checks land in', types: ['Bank', 'Other Current Asset'] },
  { name: 'stripeFeeAccount', label: 'Stripe fees', types: ['Expense', 'Other Expense', 'Cost of Goods Sold'] },
  { name: 'payoutAccount', label: 'Stripe payouts land in', hint: 'The bank account Stripe pays out to. Until it is chosen, payouts wait in the sync log.', types: ['Bank'] },
  { name: 'receivableAccount', label: 'Accounts Receivable', types: ['Accounts Receivable'] },
];

const settingsResolver = apiResolver(accountingSettingsSchema, ({ mapping, deferDeposits }: MappingForm) => ({
  // The payout account and the expired credit item are optional: not chosen is none, not an empty id.
  mapping: { ...mapping, payoutAccount: mapping.payoutAccount || undefined, expiredCreditItem: mapping.expiredCreditItem || undefined, categoryItems: Object.fromEntries(Object.entries(mapping.categoryItems).filter(([, item]) => item !== '')) },
  deferDeposits,
}));

function formValues(status: AccountingPayload): MappingForm {
  const saved = (status.mapping ?? {}) as Partial<Mapping>;
  const id = (name: ItemField | AccountField) => saved[name] ?? '';
  return {
    mapping: {
      rentalsItem: id('rentalsItem'),
      damageWaiverItem: id('damageWaiverItem'),
      deliveryItem: id('deliveryItem'),
      adjustmentsItem: id('adjustmentsItem'),
      salesTaxItem: id('salesTaxItem'),
      expiredCreditItem: id('expiredCreditItem'),
      depositLiabilityAccount: id('depositLiabilityAccount'),
      cardDepositAccount: id('cardDepositAccount'),
      cashDepositAccount: id('cashDepositAccount'),
      stripeFeeAccount: id('stripeFeeAccount'),
      payoutAccount: id('payoutAccount'),
      receivableAccount: id('receivableAccount'),
      categoryItems: { ...(saved.categoryItems ?? {}) },
    },
    deferDeposits: status.deferDeposits,
  };
}

/**
 * The mapping step: which QuickBooks item or account each kind of the site's money posts to, chosen
 * from the lists QuickBooks gives (`choices`), and whether deposits wait in the liability account
 * until the party. Problems show at their field, from the same schema the server checks with.
 */
export function AccountingMapping({ status, choices, onSaved }: { status: AccountingPayload; choices: MappingChoices; onSaved(status: AccountingPayload): void }) {
  const form = useForm<MappingForm, unknown, z.output<typeof accountingSettingsSchema>>({ resolver: settingsResolver, defaultValues: formValues(status) });
  const editor = useRecordEditor<MappingForm, z.output<typeof accountingSettingsSchema>, AccountingPayload>({
    form,
    toValues: formValues,
    isField: (path) => path.startsWith('mapping.') || path === 'deferDeposits',
    onSaved,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    await editor.save<Omit<AccountingPayload, 'items' | 'redirectUri'>>({
      url: adminApi.accounting.mapping,
      method: 'PUT',
      body,
      success: 'Mapping saved.',
      pick: (saved) => ({ ...status, ...saved }),
    });
  });
  const accountsFor = (types: string[]) => {
    const fitting = choices.accounts.filter((a) => types.includes(a.type));
    return fitting.length > 0 ? fitting : choices.accounts;
  };
  const empty = <option value="">Choose…</option>;

  return (
    <div id="accounting-mapping">
      <SectionCard
        title="Mapping"
        description="Where each kind of money goes in your QuickBooks company. The lists are QuickBooks’ own items and accounts; nothing is sent until every one is chosen."
        busy={isSubmitting}
        onSubmit={() => void submit()}
        problem={editor.problem}
      >
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 font-bold text-slate-900">Invoice lines (QuickBooks items)</legend>
          {itemFields.map((f) => (
            <SelectField key={f.name} {...form.register(`mapping.${f.name}`)} label={f.label} hint={f.hint} error={errorAt(errors, `mapping.${f.name}`)} optional={f.optional}>
              {empty}
              {choices.items.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </SelectField>
          ))}
          {choices.categories.map((c) => (
            <SelectField key={c.id} {...form.register(`mapping.categoryItems.${c.id}`)} label={`Category: ${c.name}`} error={errorAt(errors, `mapping.categoryItems.${c.id}`)} optional>
              <option value="">Same as Rentals</option>
              {choices.items.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </SelectField>
          ))}
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 font-bold text-slate-900">Accounts</legend>
          {accountFields.map((f) => (
            <SelectField key={f.name} {...form.register(`mapping.${f.name}`)} label={f.label} hint={f.hint} error={errorAt(errors, `mapping.${f.name}`)}>
              {empty}
              {accountsFor(f.types).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} ({a.type})
                </option>
              ))}
            </SelectField>
          ))}
        </fieldset>
        <Checkbox
          {...form.register('deferDeposits')}
          label="Move deposits to income on the event date"
          hint="Deposits taken before a party are held as a liability (money owed until the party happens) and moved to income on its day. Off: they are applied to the invoice when paid."
          error={errorAt(errors, 'deferDeposits')}
        />
      </SectionCard>
    </div>
  );
}
