import type { ReactNode } from 'react';
import { FormAlert } from '../../../shared/form-kit';
import { buttonClass, Card } from '../../shared/ui';

/** A settings section's card: what it is for, its fields, the alert when the save failed, and its save button. */
export function SectionCard({ title, description, busy, onSubmit, children, problem }: { title: string; description: ReactNode; busy: boolean; onSubmit(): void; children: ReactNode; problem: string | null }) {
  return (
    <Card title={title}>
      <p className="mb-4 text-sm text-slate-700">{description}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        className="space-y-4"
      >
        {children}
        {problem && <FormAlert title={`${title} was not saved`} message={problem} />}
        <button type="submit" className={buttonClass} disabled={busy}>
          Save {title.toLowerCase()}
        </button>
      </form>
    </Card>
  );
}
