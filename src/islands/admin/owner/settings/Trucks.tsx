import { useState } from 'react';
import type { TruckDto } from '../../../../lib/settings/settings-admin.server';
import { TextField } from '../../../shared/form-kit';
import { adminMutate } from '../../shared/admin-api';
import { Badge, buttonClass, Card, secondaryButtonClass } from '../../shared/ui';

/** Trucks (or crews): named here, assigned to bookings on the day screen. Deactivated ones keep their history. */
export function Trucks({ trucks, onChange }: { trucks: TruckDto[]; onChange(): void }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = async () => {
    setProblem(null);
    const result = await adminMutate('/api/admin/settings/trucks', 'POST', { name, active: true, sortOrder: trucks.length }, `${name.trim()} added.`);
    if (result.ok) {
      setName('');
      onChange();
    } else setProblem(result.error.fields?.name ?? result.error.message);
  };
  const update = async (t: TruckDto, change: Partial<TruckDto>, message: string) => {
    const result = await adminMutate(`/api/admin/settings/trucks/${t.id}`, 'PUT', { name: t.name, active: t.active, sortOrder: t.sortOrder, ...change }, message);
    if (result.ok) onChange();
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
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <TextField label="New truck or crew" value={name} onChange={(e) => setName(e.target.value)} error={problem ?? undefined} className="min-w-56 flex-1" />
        <button type="submit" className={buttonClass}>
          Add truck
        </button>
      </form>
    </Card>
  );
}

/** One truck: its name (renamed in place), whether it runs, and how many bookings it has had. */
function TruckRow({ truck: t, update }: { truck: TruckDto; update(t: TruckDto, change: Partial<TruckDto>, message: string): Promise<{ ok: boolean; error?: { message: string; fields?: Record<string, string> } }> }) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const rename = async () => {
    const next = (renaming ?? '').trim();
    if (next === t.name) return setRenaming(null);
    const result = await update(t, { name: next }, `Renamed to ${next}.`);
    if (result.ok) setRenaming(null);
    else setProblem(result.error?.fields?.name ?? result.error?.message ?? null);
  };
  return (
    <li className="flex flex-wrap items-center gap-2 p-2">
      {renaming === null ? (
        <span className="min-w-32 flex-1 font-semibold">{t.name}</span>
      ) : (
        <form
          noValidate
          className="flex min-w-56 flex-1 flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void rename();
          }}
        >
          <TextField label={`New name for ${t.name}`} value={renaming} onChange={(e) => setRenaming(e.target.value)} error={problem ?? undefined} className="min-w-40 flex-1" autoFocus />
          <button type="submit" className={buttonClass}>
            Save name
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setRenaming(null)}>
            Cancel
          </button>
        </form>
      )}
      {t.active ? <Badge tone="good">Active</Badge> : <Badge>Deactivated</Badge>}
      <span className="text-sm text-slate-700">{t.bookings} bookings</span>
      {renaming === null && (
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            setProblem(null);
            setRenaming(t.name);
          }}
        >
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
