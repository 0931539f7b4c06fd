import { useEffect, useId, useState } from 'react';
import { DamageReports } from './DamageReports';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { newUnitInput, unitChange, unitStatuses, unitStatusLabels, type NewUnitInput, type ProductInventory, type UnitChange, type UnitDto, type UnitStatus } from '../../../lib/inventory/inventory';
import type { z } from '../../../lib/validation/zod';
import { inputClass } from '../../shared/form-classes';
import { FormAlert, SelectField, TextArea, TextField } from '../../shared/form-kit';
import { formatMoney } from '../../../lib/money';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { apiResolver, showServerErrors, textReader, useAdminForm } from '../shared/admin-form';
import { useStaff } from '../shared/staff';
import { buttonClass, Card, dangerButtonClass, LoadState, ScreenHeader, secondaryButtonClass, tableClass, tdClass, thClass } from '../shared/ui';
import { InventorySummaryCards, PeriodPicker, UnitStatusBadge, UtilisationCell } from '../calendar/parts';

/** /admin/products/{id}/inventory is served by one static page; the id comes from the address. */
function productIdFromPath(): string | null {
  const match = /^\/admin\/products\/([0-9a-f-]{36})\/inventory\/?$/i.exec(location.pathname);
  return match?.[1] ?? null;
}


interface NewUnit {
  label: string;
  serialNumber: string;
  status: UnitStatus;
  purchasedOn: string;
  purchaseCostCents: string;
  notes: string;
}
const emptyUnit: NewUnit = { label: '', serialNumber: '', status: 'available', purchasedOn: '', purchaseCostCents: '', notes: '' };
const newUnitResolver = apiResolver(newUnitInput, (v: NewUnit, problems): z.input<typeof newUnitInput> => ({
  ...v,
  purchasedOn: v.purchasedOn || null,
  purchaseCostCents: textReader(problems).optionalDollars('purchaseCostCents', v.purchaseCostCents),
}));

function AddUnitForm({ productId, onAdded }: { productId: string; onAdded(): void }) {
  const formId = useId();
  const form = useForm<NewUnit, unknown, NewUnitInput>({ resolver: newUnitResolver, defaultValues: emptyUnit });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = handleSubmit(async (unit) => {
    setProblem(null);
    const result = await adminMutate<UnitDto>(`/api/admin/inventory/products/${productId}`, 'POST', unit, `Unit ${unit.label} added.`);
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => path in emptyUnit));
    saving.saved(emptyUnit);
    onAdded();
  });

  return (
    <Card title="Add a unit">
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-3">
        <TextField formId={formId} {...register('label')} label="Label (e.g. BH-CASTLE-4)" maxLength={40} error={errors.label?.message} />
        <TextField formId={formId} {...register('serialNumber')} label="Serial number" optional maxLength={80} error={errors.serialNumber?.message} />
        <SelectField formId={formId} {...register('status')} label="Status" error={errors.status?.message}>
          {unitStatuses.map((s) => (
            <option key={s} value={s}>
              {unitStatusLabels[s]}
            </option>
          ))}
        </SelectField>
        <TextField formId={formId} {...register('purchasedOn')} label="Purchased on" optional type="date" error={errors.purchasedOn?.message} />
        <TextField formId={formId} {...register('purchaseCostCents')} label="Purchase cost in dollars" optional inputMode="decimal" error={errors.purchaseCostCents?.message} />
        <TextArea formId={formId} {...register('notes')} label="Notes" optional rows={2} maxLength={2000} error={errors.notes?.message} className="sm:col-span-3" />
        {problem && (
          <div className="sm:col-span-3">
            <FormAlert title="The unit was not added" message={problem} />
          </div>
        )}
        <div className="sm:col-span-3">
          <button type="submit" className={buttonClass} disabled={formState.isSubmitting}>
            Add unit
          </button>
        </div>
      </form>
    </Card>
  );
}

const notesResolver = apiResolver(unitChange, (v: { notes: string }) => v);

function NotesEditor({ unit, onSaved }: { unit: UnitDto; onSaved(): void }) {
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <div>
        <p className="whitespace-pre-line text-slate-800">{unit.notes || '—'}</p>
        <DamageReports label={unit.label} reports={unit.damageReports} />
        <button type="button" className="mt-1 min-h-6 text-sm font-semibold text-brand-800 underline" onClick={() => setEditing(true)}>
          Edit notes<span className="sr-only"> for {unit.label}</span>
        </button>
      </div>
    );
  }
  return (
    <NotesForm
      unit={unit}
      onDone={(saved) => {
        setEditing(false);
        if (saved) onSaved();
      }}
    />
  );
}

function NotesForm({ unit, onDone }: { unit: UnitDto; onDone(saved: boolean): void }) {
  const form = useForm<{ notes: string }, unknown, UnitChange>({ resolver: notesResolver, defaultValues: { notes: unit.notes } });
  const { register, handleSubmit, formState } = form;
  const saving = useAdminForm(form);
  const [problem, setProblem] = useState<string | null>(null);
  const save = handleSubmit(async (change) => {
    const result = await adminMutate<UnitDto>(`/api/admin/inventory/units/${unit.id}`, 'PATCH', change, `Notes for ${unit.label} saved.`);
    if (!result.ok) return setProblem(showServerErrors(form.setError, result.error, (path) => path === 'notes'));
    saving.saved();
    onDone(true);
  });
  return (
    <form className="min-w-56" onSubmit={(e) => void save(e)} noValidate>
      <TextArea {...register('notes')} label={<span className="sr-only">Maintenance notes for {unit.label}</span>} required={false} rows={3} maxLength={2000} error={formState.errors.notes?.message} />
      {problem && <FormAlert title="Not saved" message={problem} />}
      <div className="mt-1 flex gap-2">
        <button type="submit" className={secondaryButtonClass} disabled={formState.isSubmitting}>
          Save notes
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => saving.confirmDiscard() && onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
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
                <div className="relative overflow-x-auto">
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
