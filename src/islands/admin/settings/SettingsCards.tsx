import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from '../../shared/form-kit';
import { buttonClass, Card, FormButtons, GridFormAlert, ScreenForm } from '../shared/ui';

/** A settings section's card: what it is for, its fields, the alert when the save failed, and its save button. */
export function SectionCard({ title, description, busy, onSubmit, children, problem }: { title: string; description: ReactNode; busy: boolean; onSubmit(): void; children: ReactNode; problem: string | null }) {
  return (
    <Card title={title}>
      <p className="mb-4 text-sm text-slate-700">{description}</p>
      <ScreenForm className="space-y-4" onSubmit={onSubmit}>
        {children}
        {problem && <FormAlert title={`${title} was not saved`} message={problem} />}
        <button type="submit" className={buttonClass} disabled={busy}>
          Save {title.toLowerCase()}
        </button>
      </ScreenForm>
    </Card>
  );
}

/** A record's form in a card (a service area, a coupon): its fields in two columns, the alert when the save failed, save and cancel. */
export function RecordFormCard({
  title,
  onSubmit,
  problem,
  notSaved,
  submitLabel,
  busy,
  onCancel,
  children,
}: {
  title: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  problem: string | null;
  /** The alert's title: "The coupon was not saved". */
  notSaved: string;
  submitLabel: string;
  busy: boolean;
  onCancel(): void;
  children: ReactNode;
}) {
  return (
    <Card title={title}>
      <form noValidate onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2">
        {children}
        <GridFormAlert span="sm:col-span-2" title={notSaved} message={problem} />
        <FormButtons className="flex gap-2 sm:col-span-2" label={submitLabel} busy={busy} onCancel={onCancel} />
      </form>
    </Card>
  );
}
