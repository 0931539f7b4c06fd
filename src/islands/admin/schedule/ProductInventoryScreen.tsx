import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { unitStatuses, unitStatusLabels, type ProductInventory, type UnitDto, type UnitStatus } from '../../../lib/admin/inventory';
import { formatMoney } from '../../shared/format';
import { parseDollars } from '../../../lib/pricing/money';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { useStaff } from '../shared/staff';
import { buttonClass, Card, dangerButtonClass, inputClass, labelClass, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { InventorySummaryCards, PeriodPicker, UnitStatusBadge, UtilisationCell } from './parts';

/** /admin/products/{id}/inventory is served by one static page; the id comes from the address. */
function productIdFromPath(): string | null {
  const match = /^\/admin\/products\/([0-9a-f-]{36})\/inventory\/?$/i.exec(location.pathname);
  return match?.[1] ?? null;
}


function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-800">
      {message}
    </p>
  );
}

function AddUnitForm({ productId, onAdded }: { productId: string; onAdded(): void }) {
  const id = useId();
  const empty = { label: '', serialNumber: '', status: 'available' as UnitStatus, purchasedOn: '', cost: '', notes: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof empty) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    const cents = form.cost.trim() === '' ? null : parseDollars(form.cost);
    if (cents === null && form.cost.trim() !== '') {
      setErrors({ purchaseCostCents: 'Enter an amount in dollars, e.g. 1850.00' });
      return;
    }
    setBusy(true);
    const result = await adminMutate<UnitDto>(
      `/api/admin/inventory/products/${productId}`,
      'POST',
      { label: form.label, serialNumber: form.serialNumber, status: form.status, notes: form.notes, purchasedOn: form.purchasedOn || null, purchaseCostCents: cents },
      `Unit ${form.label.trim()} added.`,
    );
    setBusy(false);
    if (result.ok) {
      setForm(empty);
      setErrors({});
      onAdded();
    } else setErrors(result.error.fields ?? {});
  };

  const input = (field: keyof typeof empty, label: string, errorKey: string, props: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={`${id}-${field}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        className={`mt-1 ${inputClass}`}
        value={form[field]}
        onChange={set(field)}
        aria-invalid={errors[errorKey] ? true : undefined}
        aria-describedby={errors[errorKey] ? `${id}-${field}-error` : undefined}
        {...props}
      />
      <FieldError id={`${id}-${field}-error`} message={errors[errorKey]} />
    </div>
  );

  return (
    <Card title="Add a unit">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3">
        {input('label', 'Label (e.g. BH-CASTLE-4)', 'label', { required: true, maxLength: 40 })}
        {input('serialNumber', 'Serial number (optional)', 'serialNumber', { maxLength: 80 })}
        <div>
          <label htmlFor={`${id}-status`} className={labelClass}>
            Status
          </label>
          <select id={`${id}-status`} className={`mt-1 ${inputClass}`} value={form.status} onChange={set('status')}>
            {unitStatuses.map((s) => (
              <option key={s} value={s}>
                {unitStatusLabels[s]}
              </option>
            ))}
          </select>
        </div>
        {input('purchasedOn', 'Purchased on (optional)', 'purchasedOn', { type: 'date' })}
        {input('cost', 'Purchase cost in dollars (optional)', 'purchaseCostCents', { inputMode: 'decimal' })}
        <div className="sm:col-span-3">
          <label htmlFor={`${id}-notes`} className={labelClass}>
            Notes (optional)
          </label>
          <textarea id={`${id}-notes`} className={`mt-1 ${inputClass}`} rows={2} value={form.notes} onChange={set('notes')} maxLength={2000} />
          <FieldError id={`${id}-notes-error`} message={errors.notes} />
        </div>
        <div className="sm:col-span-3">
          <button type="submit" className={buttonClass} disabled={busy}>
            Add unit
          </button>
        </div>
      </form>
    </Card>
  );
}

function NotesEditor({ unit, onSaved }: { unit: UnitDto; onSaved(): void }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(unit.notes);
  const [busy, setBusy] = useState(false);
  if (!editing) {
    return (
      <div>
        <p className="whitespace-pre-line text-slate-800">{unit.notes || '—'}</p>
        <button type="button" className="mt-1 text-sm font-semibold text-brand-800 underline" onClick={() => (setText(unit.notes), setEditing(true))}>
          Edit notes<span className="sr-only"> for {unit.label}</span>
        </button>
      </div>
    );
  }
  const save = async () => {
    setBusy(true);
    const result = await adminMutate<UnitDto>(`/api/admin/inventory/units/${unit.id}`, 'PATCH', { notes: text }, `Notes for ${unit.label} saved.`);
    setBusy(false);
    if (result.ok) {
      setEditing(false);
      onSaved();
    }
  };
  return (
    <div className="min-w-56">
      <label htmlFor={id} className="sr-only">
        Maintenance notes for {unit.label}
      </label>
      <textarea id={id} className={inputClass} rows={3} value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
      <div className="mt-1 flex gap-2">
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={save}>
          Save notes
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function StatusControl({ unit, onChanged }: { unit: UnitDto; onChanged(): void }) {
  const id = useId();
  const change = async (status: UnitStatus) => {
    const result = await adminMutate<UnitDto>(`/api/admin/inventory/units/${unit.id}`, 'PATCH', { status }, `${unit.label} is now ${unitStatusLabels[status].toLowerCase()}.`);
    if (result.ok && status !== 'available' && result.data.upcomingBookings > 0) {
      toast.warning(`${unit.label} still holds ${result.data.upcomingBookings} upcoming booking(s): move them to another unit from the booking page.`);
    }
    onChanged();
  };
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Status of {unit.label}
      </label>
      <select id={id} className={inputClass} value={unit.status} onChange={(e) => void change(e.target.value as UnitStatus)}>
        {unitStatuses.map((s) => (
          <option key={s} value={s}>
            {unitStatusLabels[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

function DeleteUnit({ unit, onDeleted }: { unit: UnitDto; onDeleted(): void }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)}>
        Delete<span className="sr-only"> {unit.label}</span>
      </button>
    );
  }
  const remove = async () => {
    const result = await adminMutate(`/api/admin/inventory/units/${unit.id}`, 'DELETE', undefined, `${unit.label} deleted.`);
    setConfirming(false);
    if (result.ok) onDeleted();
  };
  return (
    <div className="flex gap-2">
      <button type="button" className={dangerButtonClass} onClick={remove}>
        Confirm delete<span className="sr-only"> {unit.label}</span>
      </button>
      <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </div>
  );
}

/** The units of one product: add (managers), status (managers), notes (crew too), utilisation. */
export default function ProductInventoryScreen() {
  // Read after hydration: the prebuilt HTML cannot know the id (undefined = not read yet).
  const [productId, setProductId] = useState<string | null | undefined>(undefined);
  useEffect(() => setProductId(productIdFromPath()), []);
  const [period, setPeriod] = useState({ from: '', to: '' });
  const { can } = useStaff();
  const ready = (period.from === '') === (period.to === '');
  const query = ready && period.from ? `?from=${period.from}&to=${period.to}` : '';
  const data = useAdminData<ProductInventory>(productId ? `/api/admin/inventory/products/${productId}${query}` : null);
  if (productId === undefined) return <LoadState loading error={null} />;
  if (productId === null) {
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-semibold text-red-900">
        This address does not name a product. Open a product from the <a href="/admin/inventory" className="underline">inventory</a>.
      </p>
    );
  }
  const inventory = data.data;
  const manager = can('manager');

  return (
    <div className="space-y-4">
      <ScreenHeader
        title={inventory ? `${inventory.product.name}: units` : 'Product units'}
        description={
          <>
            {inventory?.product.categoryName && `${inventory.product.categoryName}. `}
            <a href="/admin/inventory" className="font-semibold text-brand-800 underline">
              All inventory
            </a>
          </>
        }
      />
      <LoadState loading={data.loading} error={data.error}>
        {inventory && (
          <>
            <InventorySummaryCards summary={inventory.summary} />
            {inventory.product.isPackage && <p className="text-sm text-slate-800">A package has no units of its own: it books units of the products inside it.</p>}
            {!inventory.product.tracksInventory && <p className="text-sm text-slate-800">This product is made to order; it has no units to track.</p>}
            {manager && inventory.product.tracksInventory && !inventory.product.isPackage && <AddUnitForm productId={productId} onAdded={data.reload} />}
            <Card title="Units" actions={<PeriodPicker from={period.from} to={period.to} onChange={setPeriod} />}>
              {inventory.units.length === 0 ? (
                <p className="p-3 text-sm text-slate-700">No units yet.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className={tableClass}>
                    <caption className="sr-only">Units of {inventory.product.name}</caption>
                    <thead>
                      <tr>
                        <th scope="col" className={thClass}>
                          Unit
                        </th>
                        <th scope="col" className={thClass}>
                          Status
                        </th>
                        <th scope="col" className={thClass}>
                          Maintenance notes
                        </th>
                        <th scope="col" className={thClass}>
                          Utilisation
                        </th>
                        <th scope="col" className={thClass}>
                          Upcoming bookings
                        </th>
                        <th scope="col" className={thClass}>
                          Purchased
                        </th>
                        {manager && (
                          <th scope="col" className={thClass}>
                            <span className="sr-only">Actions</span>
                          </th>
                        )}
                      </tr>
                    </thead>
                    <tbody>
                      {inventory.units.map((u) => (
                        <tr key={u.id} data-unit={u.label}>
                          <th scope="row" className={`${tdClass} font-semibold`}>
                            {u.label}
                            {u.serialNumber && <div className="text-xs font-normal text-slate-700">S/N {u.serialNumber}</div>}
                          </th>
                          <td className={tdClass}>{manager ? <StatusControl unit={u} onChanged={data.reload} /> : <UnitStatusBadge status={u.status} />}</td>
                          <td className={tdClass}>
                            <NotesEditor key={u.notes} unit={u} onSaved={data.reload} />
                          </td>
                          <td className={tdClass}>
                            <UtilisationCell utilisation={u.utilisation} />
                          </td>
                          <td className={tdClass}>{u.upcomingBookings}</td>
                          <td className={`${tdClass} text-slate-800`}>
                            {u.purchasedOn ?? '—'}
                            {u.purchaseCostCents !== null && <div className="text-xs">{formatMoney(u.purchaseCostCents)}</div>}
                          </td>
                          {manager && (
                            <td className={tdClass}>
                              <DeleteUnit unit={u} onDeleted={data.reload} />
                            </td>
                          )}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Card>
          </>
        )}
      </LoadState>
    </div>
  );
}
