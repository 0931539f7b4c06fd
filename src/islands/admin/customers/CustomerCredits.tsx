import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { creditExpiryWords, creditReasonLabels, creditReasons, creditStateLabels, issueCreditBody, type CreditReason } from '../../../lib/credits';
import type { CustomerCredit, CustomerCredits as Credits } from '../../../lib/credits/index.server';
import { formatMoney } from '../../../lib/money';
import { adminApi, adminPaths } from '../../../lib/paths';
import type { z } from '../../../lib/validation';
import { FormAlert, SelectField, TextField } from '../../shared/form-kit';
import { adminMutate } from '../shared/admin-api';
import { apiResolver } from '../shared/admin-form';
import { useCommandForm } from '../shared/command-form';
import { DataTable, type Column } from '../shared/DataTable';
import { buttonClass, secondaryButtonClass } from '../shared/ui';
import { staffClock } from '../shared/business';
import { formFields } from '../../shared/form-fields';

interface CreditValues {
  amountCents: string;
  reason: CreditReason;
  note: string;
  expiresOn: string;
  bookingNumber: string;
}
const creditFields = ['amountCents', 'reason', 'note', 'expiresOn', 'bookingNumber'];

const creditResolver = apiResolver(issueCreditBody, (v: CreditValues, read) => ({
  amountCents: read.dollars('amountCents', v.amountCents),
  reason: v.reason,
  note: v.note,
  expiresOn: v.expiresOn.trim() || null,
  bookingNumber: v.bookingNumber,
}));

/** A customer's credits: what they can spend, every credit with what is left, giving one and voiding one. */
export function CustomerCredits({ customerId, credits, onChanged }: { customerId: string; credits: Credits; onChanged(credits: Credits): void }) {
  const [giving, setGiving] = useState(false);
  const voidOne = async (credit: CustomerCredit) => {
    const reason = prompt(`Void what is left of this credit (${formatMoney(credit.remainingCents)})? Say why:`);
    if (reason === null) return;
    const result = await adminMutate<Credits>(adminApi.customers.one(customerId, 'credits', credit.id, 'void'), 'POST', { reason }, 'Credit voided.');
    if (result.ok) onChanged(result.data);
  };
  const columns: Column<CustomerCredit>[] = [
    { key: 'given', header: 'Given', rowHeader: true, cell: (c) => staffClock().mediumDate(new Date(c.createdAt)) },
    { key: 'reason', header: 'Reason', cell: (c) => <span title={c.note}>{creditReasonLabels[c.reason]}</span> },
    { key: 'amount', header: 'Amount', className: 'tabular-nums', cell: (c) => formatMoney(c.amountCents) },
    { key: 'left', header: 'Left', className: 'tabular-nums', cell: (c) => formatMoney(c.remainingCents) },
    { key: 'expires', header: 'Spend by', cell: (c) => (c.expiresOn ? staffClock().mediumDate(c.expiresOn) : 'No end') },
    { key: 'booking', header: 'From booking', cell: (c) => (c.booking ? <a className="underline" href={adminPaths.booking(c.booking.id)}>{c.booking.number}</a> : '—') },
    {
      key: 'uses',
      header: 'Used on',
      cell: (c) =>
        c.uses.length === 0 ? (
          '—'
        ) : (
          <ul className="space-y-0.5" data-testid="credit-uses">
            {c.uses.map((u, i) => (
              <li key={i} className="whitespace-nowrap tabular-nums">
                <a className="underline" href={adminPaths.booking(u.booking.id)}>
                  {u.booking.number}
                </a>{' '}
                {u.amountCents > 0 ? `−${formatMoney(u.amountCents)}` : `+${formatMoney(-u.amountCents)} back`}, {staffClock().mediumDate(new Date(u.at))}
              </li>
            ))}
          </ul>
        ),
    },
    { key: 'state', header: 'State', cell: (c) => creditStateLabels[c.state] },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (c) =>
        c.state === 'available' && (
          <button type="button" className={secondaryButtonClass} onClick={() => void voidOne(c)}>
            Void<span className="sr-only"> the {formatMoney(c.remainingCents)} credit</span>
          </button>
        ),
    },
  ];
  return (
    <section aria-labelledby="credits-title" className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="credits-title" className="font-bold text-slate-900">
          Credits: {formatMoney(credits.availableCents)} available{creditExpiryWords(credits) && ` (${creditExpiryWords(credits)})`}
        </h3>
        {!giving && (
          <button type="button" className={secondaryButtonClass} onClick={() => setGiving(true)}>
            Give a credit
          </button>
        )}
      </div>
      {giving && (
        <GiveCreditForm
          customerId={customerId}
          onDone={(next) => {
            setGiving(false);
            onChanged(next);
          }}
          onCancel={() => setGiving(false)}
        />
      )}
      {credits.credits.length > 0 && <DataTable caption="Credits" columns={columns} rows={credits.credits} rowKey={(c) => c.id} empty="No credits." />}
    </section>
  );
}

function GiveCreditForm({ customerId, onDone, onCancel }: { customerId: string; onDone(credits: Credits): void; onCancel(): void }) {
  const form = useForm<CreditValues, unknown, z.output<typeof issueCreditBody>>({
    resolver: creditResolver,
    defaultValues: { amountCents: '', reason: 'goodwill', note: '', expiresOn: '', bookingNumber: '' },
  });
  const { handleSubmit, formState } = form;
  const field = formFields(form);
  const { problem, send, confirmDiscard } = useCommandForm(form, (path) => creditFields.includes(path));
  const submit = handleSubmit(async (credit) => {
    const sent = await send<Credits>(adminApi.customers.one(customerId, 'credits'), credit, `Credit of ${formatMoney(credit.amountCents)} given.`);
    if (sent) onDone(sent.data);
  });
  return (
    <form className="mt-3 rounded-lg border border-brand-200 bg-brand-50 p-3" onSubmit={(e) => void submit(e)} noValidate aria-label="Give a credit">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...field('amountCents')} label="Credit amount ($)" inputMode="decimal" />
        <SelectField {...field('reason')} label="Reason">
          {creditReasons.map((r) => (
            <option key={r} value={r}>
              {creditReasonLabels[r]}
            </option>
          ))}
        </SelectField>
        <TextField {...field('note')} label="Why (the customer does not see this)" maxLength={500} />
        <TextField {...field('bookingNumber')} label="For booking (optional)" />
        <TextField {...field('expiresOn')} type="date" label="Spend by (empty: the policy’s months)" />
      </div>
      {problem && <FormAlert title="No credit was given" message={problem} />}
      <div className="mt-3 flex gap-2">
        <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
          Give the credit
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => confirmDiscard() && onCancel()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
