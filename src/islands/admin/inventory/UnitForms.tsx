import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { newUnitInput, unitChange, unitStatuses, unitStatusLabels, type NewUnitInput, type UnitChange, type UnitDto, type UnitStatus } from '../../../lib/inventory';
import { adminApi } from '../../../lib/paths';
import type { z } from '../../../lib/validation';
import { FormAlert, SelectField, TextArea, TextField } from '../../shared/form-kit';
import { apiResolver } from '../shared/admin-form';
import { useRecordEditor } from '../shared/record-editor';
import { Card, FormButtons, GridFormAlert, secondaryButtonClass } from '../shared/ui';
import { DamageReports } from './DamageReports';
import { LabelledOptions } from '../shared/options';
import { formFields } from '../../shared/form-fields';

interface NewUnit {
  label: string;
  serialNumber: string;
  status: UnitStatus;
  purchasedOn: string;
  purchaseCostCents: string;
  notes: string;
}
const emptyUnit: NewUnit = { label: '', serialNumber: '', status: 'available', purchasedOn: '', purchaseCostCents: '', notes: '' };
const newUnitResolver = apiResolver(newUnitInput, (v: NewUnit, read): z.input<typeof newUnitInput> => ({
  ...v,
  purchasedOn: v.purchasedOn || null,
  purchaseCostCents: read.optionalDollars('purchaseCostCents', v.purchaseCostCents),
}));

/** A new unit of the product (managers); the form empties again once it is added. */
export function AddUnitForm({ productId, onAdded }: { productId: string; onAdded(unit: UnitDto): void }) {
  const formId = useId();
  const form = useForm<NewUnit, unknown, NewUnitInput>({ resolver: newUnitResolver, defaultValues: emptyUnit });
  const { handleSubmit, formState } = form;
  const field = formFields(form, formId);
  const editor = useRecordEditor<NewUnit, NewUnitInput, UnitDto>({ form, toValues: () => emptyUnit, isField: (path) => path in emptyUnit, onSaved: onAdded });
  const submit = handleSubmit(async (unit) => {
    await editor.save({ url: adminApi.inventory.product(productId), method: 'POST', body: unit, success: `Unit ${unit.label} added.`, pick: (d: UnitDto) => d });
  });

  return (
    <Card title="Add a unit">
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 sm:grid-cols-3">
        <TextField {...field('label')} label="Label (e.g. BH-CASTLE-4)" maxLength={40} />
        <TextField {...field('serialNumber')} label="Serial number" optional maxLength={80} />
        <SelectField {...field('status')} label="Status">
          <LabelledOptions values={unitStatuses} labels={unitStatusLabels} />
        </SelectField>
        <TextField {...field('purchasedOn')} label="Purchased on" optional type="date" />
        <TextField {...field('purchaseCostCents')} label="Purchase cost in dollars" optional inputMode="decimal" />
        <TextArea {...field('notes')} label="Notes" optional rows={2} maxLength={2000} className="sm:col-span-3" />
        <GridFormAlert span="sm:col-span-3" title="The unit was not added" message={editor.problem} />
        <FormButtons className="sm:col-span-3" label="Add unit" busy={formState.isSubmitting} />
      </form>
    </Card>
  );
}

const notesResolver = apiResolver(unitChange, (v: { notes: string }) => v);

/** A unit's maintenance notes and damage reports, with "Edit notes" (crew too). */
export function NotesEditor({ unit, onSaved }: { unit: UnitDto; onSaved(unit: UnitDto): void }) {
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
        if (saved) onSaved(saved);
      }}
    />
  );
}

function NotesForm({ unit, onDone }: { unit: UnitDto; onDone(saved: UnitDto | null): void }) {
  const form = useForm<{ notes: string }, unknown, UnitChange>({ resolver: notesResolver, defaultValues: { notes: unit.notes } });
  const { handleSubmit, formState } = form;
  const field = formFields(form);
  const editor = useRecordEditor<{ notes: string }, UnitChange, UnitDto>({ form, toValues: (u) => ({ notes: u.notes }), isField: (path) => path === 'notes' });
  const save = handleSubmit(async (change) => {
    const saved = await editor.save({ url: adminApi.inventory.unit(unit.id), method: 'PATCH', body: change, success: `Notes for ${unit.label} saved.`, pick: (d: UnitDto) => d });
    if (saved) onDone(saved);
  });
  return (
    <form className="min-w-56" onSubmit={(e) => void save(e)} noValidate>
      <TextArea {...field('notes')} label={<span className="sr-only">Maintenance notes for {unit.label}</span>} required={false} rows={3} maxLength={2000} />
      {editor.problem && <FormAlert title="Not saved" message={editor.problem} />}
      <div className="mt-1 flex gap-2">
        <button type="submit" className={secondaryButtonClass} disabled={formState.isSubmitting}>
          Save notes
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => editor.confirmDiscard() && onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
