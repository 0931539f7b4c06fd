import { useState } from 'react';
import { LANGUAGE_NAME_IN_ENGLISH } from '../../../../lib/i18n';
import { adminApi } from '../../../../lib/paths';
import { FormAlert, SelectField } from '../../../shared/form-kit';
import { adminMutate } from '../../shared/admin-api';
import { Card, secondaryButtonClass } from '../../shared/ui';
import type { CardProps } from './card-props';

/**
 * The customer's language (issue #40): everything they receive about the booking is written in it.
 * Staff see it by name and may change it (a caller who asks for Spanish); the admin itself stays English.
 */
export function LanguageCard({ booking, reload }: CardProps) {
  const [language, setLanguage] = useState(booking.language);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setProblem(null);
    setSaving(true);
    const result = await adminMutate(adminApi.bookings.one(booking.id, 'language'), 'POST', { language }, 'Language changed.');
    setSaving(false);
    if (!result.ok) return setProblem(result.error.message);
    reload();
  };
  return (
    <Card title="Customer's language">
      <p className="mb-3 text-sm text-slate-900" data-testid="booking-language">
        {LANGUAGE_NAME_IN_ENGLISH[booking.language]}: their e-mails, texts, invoice and calendar invite are written in it.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField label="Change to" value={language} onChange={(e) => setLanguage(e.target.value === 'es' ? 'es' : 'en')}>
          <option value="en">{LANGUAGE_NAME_IN_ENGLISH.en}</option>
          <option value="es">{LANGUAGE_NAME_IN_ENGLISH.es}</option>
        </SelectField>
        <button type="button" className={secondaryButtonClass} disabled={saving || language === booking.language} onClick={() => void save()}>
          Save language
        </button>
      </div>
      {problem && <FormAlert title="The language was not changed" message={problem} />}
    </Card>
  );
}
