import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from '../../../lib/validation';
import { adminApi } from '../../../lib/paths';
import type { ApiError } from '../../shared/api';
import { TextField } from '../../shared/form-kit';
import { adminMutate } from '../shared/admin-api';
import { apiResolver, useAdminForm } from '../shared/admin-form';
import { withRecord } from './use-settings-form';
import { Badge, buttonClass, Card, secondaryButtonClass } from '../shared/ui';
import type { TruckDto } from '../../../lib/day/index.server';
import { truckBody } from '../../../lib/day';
import { formFields } from '../../shared/form-fields';

type TruckUpdate = (t: TruckDto, change: Partial<TruckDto>, message: string) => Promise<{ ok: boolean; error?: ApiError }>;

// The API's order: running trucks first, then as sorted, then by name.
const runningFirst = (a: TruckDto, b: TruckDto) => Number(b.active) - Number(a.active) || a.sortOrder - b.sortOrder || a.name.toLowerCase().localeCompare(b.name.toLowerCase());

const truckName = truckBody.pick({ name: true });
const nameResolver = apiResolver(truckName, (v: { name: string }) => v);

/** A truck's name as it is added or renamed: react-hook-form on the API's schema, like every settings form. */
function useTruckNameForm(name: string) {
  const form = useForm<{ name: string }, unknown, z.output<typeof truckName>>({ resolver: nameResolver, defaultValues: { name } });
  const saving = useAdminForm(form);
  const showProblem = (error: ApiError | undefined) => form.setError('name', { type: 'server', message: error?.fields?.name ?? error?.message ?? 'Not saved' }, { shouldFocus: true });
  return { form, field: formFields(form), saving, showProblem };
}

/** Trucks (or crews): named here, assigned to bookings on the day screen. Deactivated ones keep their history. */
export function Trucks({ trucks, onSaved }: { trucks: TruckDto[]; onSaved(trucks: TruckDto[]): void }) {
  const keep = (truck: TruckDto) => onSaved(withRecord(trucks, truck, runningFirst));
  const { form, field, saving, showProblem } = useTruckNameForm('');
  const add = form.handleSubmit(async ({ name }) => {
    const result = await adminMutate<TruckDto>(adminApi.settings.trucks.list(), 'POST', { name, active: true, sortOrder: trucks.length }, `${name} added.`);
    if (!result.ok) return showProblem(result.error);
    saving.saved({ name: '' });
    keep(result.data);
  });
  const update: TruckUpdate = async (t, change, message) => {
    const result = await adminMutate<TruckDto>(adminApi.settings.trucks.one(t.id), 'PUT', { name: t.name, active: t.active, sortOrder: t.sortOrder, ...change }, message);
    if (result.ok) keep(result.data);
    return result;
  };
  return (
    <Card title="Trucks and crews">
      <p className="mb-3 text-sm text-slate-700">What leaves the warehouse together. Bookings are assigned to a truck on the day screen; a truck that ran bookings is deactivated, never deleted.</p>
      {trucks.length === 0 ? (
        <p className="mb-3 text-sm text-slate-700">No trucks yet: add the first one below.</p>
      ) : (
        <ul aria-label="Trucks" className="mb-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {trucks.map((t) => (
            <TruckRow key={t.id} truck={t} update={update} />
          ))}
        </ul>
      )}
      <form noValidate className="flex flex-wrap items-end gap-3" onSubmit={(e) => void add(e)}>
        <TextField {...field('name')} label="New truck or crew" className="min-w-56 flex-1" />
        <button type="submit" className={buttonClass} disabled={form.formState.isSubmitting}>
          Add truck
        </button>
      </form>
    </Card>
  );
}

/** One truck: its name (renamed in place), whether it runs, and how many bookings it has had. */
function TruckRow({ truck: t, update }: { truck: TruckDto; update: TruckUpdate }) {
  const [renaming, setRenaming] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-2 p-2">
      {renaming ? <RenameTruck truck={t} update={update} onClose={() => setRenaming(false)} /> : <span className="min-w-32 flex-1 font-semibold">{t.name}</span>}
      {t.active ? <Badge tone="good">Active</Badge> : <Badge>Deactivated</Badge>}
      <span className="text-sm text-slate-700">{t.bookings} bookings</span>
      {!renaming && (
        <button type="button" className={secondaryButtonClass} onClick={() => setRenaming(true)}>
          Rename<span className="sr-only"> {t.name}</span>
        </button>
      )}
      <button type="button" className={secondaryButtonClass} onClick={() => void update(t, { active: !t.active }, t.active ? `${t.name} deactivated.` : `${t.name} is active again.`)}>
        {t.active ? 'Deactivate' : 'Activate'}
        <span className="sr-only"> {t.name}</span>
      </button>
    </li>
  );
}

/** The rename form in the truck's row: saving the same name just closes it; Cancel asks before typed changes go. */
function RenameTruck({ truck: t, update, onClose }: { truck: TruckDto; update: TruckUpdate; onClose(): void }) {
  const { form, field, saving, showProblem } = useTruckNameForm(t.name);
  const rename = form.handleSubmit(async ({ name }) => {
    if (name !== t.name) {
      const result = await update(t, { name }, `Renamed to ${name}.`);
      if (!result.ok) return showProblem(result.error);
    }
    saving.saved();
    onClose();
  });
  return (
    <form noValidate className="flex min-w-56 flex-1 flex-wrap items-end gap-2" onSubmit={(e) => void rename(e)}>
      <TextField {...field('name')} label={`New name for ${t.name}`} className="min-w-40 flex-1" autoFocus />
      <button type="submit" className={buttonClass} disabled={form.formState.isSubmitting}>
        Save name
      </button>
      <button type="button" className={secondaryButtonClass} onClick={() => saving.confirmDiscard() && onClose()}>
        Cancel
      </button>
    </form>
  );
}
