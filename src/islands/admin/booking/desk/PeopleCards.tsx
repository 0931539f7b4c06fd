import { useId, useState } from 'react';
import { adminApi } from '../../../../lib/paths';
import { TextField } from '../../../shared/form-kit';
import { adminRequest } from '../../shared/admin-api';
import { SearchOnDemand } from '../../shared/list';
import { Card } from '../../shared/ui';
import { fieldError, type DeskForm } from './desk-form';

interface CustomerMatch {
  id: string;
  name: string;
  email: string;
  phone: string;
  bookings: number;
}

const contactFields = [
  { path: 'customer.name', label: 'Name', type: 'text' },
  { path: 'customer.email', label: 'E-mail', type: 'email' },
  { path: 'customer.phone', label: 'Phone', type: 'tel' },
] as const;

function ContactFields({ form }: { form: DeskForm }) {
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-3">
      {contactFields.map(({ path, label, type }) => (
        <TextField key={path} {...form.register(path)} {...(type !== 'text' && { type })} label={label} autoComplete="off" error={fieldError(form, path)} />
      ))}
    </div>
  );
}

/** A new booking's customer: a returning one found by name, e-mail or phone, or a new one typed in. */
export function CustomerCard({ form }: { form: DeskForm }) {
  const [q, setQ] = useState('');
  const [matches, setMatches] = useState<CustomerMatch[] | null>(null);
  const searchId = useId();
  const find = async () => {
    const r = await adminRequest<{ customers: CustomerMatch[] }>(adminApi.bookingDesk.customers(q));
    setMatches(r.ok ? r.data.customers : []);
  };
  const use = (c: CustomerMatch) => {
    form.setValue(
      'customer',
      { name: c.name, email: c.email, phone: c.phone },
      { shouldDirty: true, shouldValidate: false },
    );
    setMatches(null);
  };
  return (
    <Card title="Customer">
      <SearchOnDemand
        id={searchId}
        label={
          <>
            Find a customer <span className="font-normal text-slate-700">(name, e-mail or phone)</span>
          </>
        }
        value={q}
        onChange={setQ}
        onSearch={() => void find()}
      />
      {matches && (
        <ul className="mt-2 grid gap-1" aria-label="Customers found">
          {matches.length === 0 && (
            <li className="text-sm text-slate-700">No customer found: enter a new one below.</li>
          )}
          {matches.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="min-h-11 w-full rounded-lg border border-slate-200 px-3 py-2 text-left hover:bg-slate-50"
                onClick={() => use(c)}
              >
                <span className="font-semibold">{c.name}</span> · {c.email} · {c.phone}{' '}
                <span className="text-slate-700">
                  ({c.bookings} booking{c.bookings === 1 ? '' : 's'})
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ContactFields form={form} />
    </Card>
  );
}

/** The contact of this booking: its e-mails go there. The customer's record changes only from the booking screen. */
export function ContactCard({ form }: { form: DeskForm }) {
  return (
    <Card title="Contact for this booking">
      <p className="text-sm text-slate-700">
        Who we call and e-mail about this booking. The customer’s record stays as it is; update it from the booking
        screen if it should change too.
      </p>
      <ContactFields form={form} />
    </Card>
  );
}
