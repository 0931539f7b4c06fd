import { useId, useState } from 'react';
import type { CurrentWaiverText, WaiverTextInput } from '../../../lib/waivers';
import { adminApi } from '../../../lib/paths';
import { LANGUAGE_NAME_IN_ENGLISH } from '../../../lib/i18n';
import { Checkbox, FormAlert, TextArea, TextField } from '../../shared/form-kit';
import { adminMutate } from '../shared/admin-api';
import { buttonClass, Card, secondaryButtonClass } from '../shared/ui';
import { useUnsavedChanges } from '../shared/unsaved-changes';

interface Draft {
  title: string;
  intro: string;
  rules: { id: string; title: string; text: string }[];
  /** A section's paragraphs as typed: one blank line between two. */
  sections: { heading: string; paragraphs: string }[];
  lawyerReviewed: boolean;
}

const draftOf = (text: CurrentWaiverText): Draft => ({
  title: text.title,
  intro: text.intro,
  rules: text.rules.map((r) => ({ ...r })),
  sections: text.sections.map((s) => ({ heading: s.heading, paragraphs: s.paragraphs.join('\n\n') })),
  lawyerReviewed: false,
});

const inputOf = (language: 'en' | 'es', d: Draft): WaiverTextInput => ({
  language,
  title: d.title,
  intro: d.intro,
  rules: d.rules,
  sections: d.sections.map((s) => ({ heading: s.heading, paragraphs: s.paragraphs.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean) })),
  lawyerReviewed: d.lawyerReviewed,
});

/**
 * A new version of one language's waiver text, started from the current one. Publishing never changes
 * the version guests already signed: it adds a new one, which signers are shown from then on.
 */
export function WaiverTextEditor({ text, onPublished, onCancel }: { text: CurrentWaiverText; onPublished(): void; onCancel(): void }) {
  const formId = useId();
  const [draft, setDraft] = useState(() => draftOf(text));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const guard = useUnsavedChanges(dirty);
  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setDirty(true);
  };
  const language = LANGUAGE_NAME_IN_ENGLISH[text.language];

  const publish = async (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    setProblem(null);
    const result = await adminMutate<CurrentWaiverText>(adminApi.waivers.texts, 'POST', inputOf(text.language, draft), (v) => `${language} waiver version ${v.version} published.`);
    setSending(false);
    if (result.ok) {
      guard.release();
      setDirty(false);
      onPublished();
      return;
    }
    setErrors(result.error.fields ?? {});
    setProblem(result.error.fields ? 'Check the fields marked below.' : result.error.message);
  };

  const field = (path: string) => ({ formId, name: path, error: errors[path] });
  return (
    <form onSubmit={(e) => void publish(e)} noValidate aria-label={`New ${language} waiver text`} className="grid gap-4">
      <Card title={`New version of the ${language} waiver`}>
        <p className="mb-4 text-sm text-slate-700">
          Starts from version {text.version}. Publishing adds a new version: waivers already signed keep the text, version and SHA-256 they were signed with.
        </p>
        {problem && <FormAlert title="Not published" message={problem} />}
        <div className="grid gap-4">
          <TextField {...field('title')} label="Title" value={draft.title} onChange={(e) => change({ title: e.target.value })} maxLength={200} />
          <TextArea {...field('intro')} label="Introduction" rows={3} value={draft.intro} onChange={(e) => change({ intro: e.target.value })} />
        </div>
      </Card>
      <Card title="Safety rules">
        <p className="mb-3 text-sm text-slate-700">Each rule is a box the signer ticks: their number and order stay the same.</p>
        <ol className="grid gap-4">
          {draft.rules.map((rule, i) => (
            <li key={rule.id} className="grid gap-2">
              <TextField
                {...field(`rules.${i}.title`)}
                label={`Rule ${i + 1}: name`}
                value={rule.title}
                onChange={(e) => change({ rules: draft.rules.map((r, j) => (j === i ? { ...r, title: e.target.value } : r)) })}
              />
              <TextArea
                {...field(`rules.${i}.text`)}
                label={`Rule ${i + 1}: text`}
                rows={3}
                value={rule.text}
                onChange={(e) => change({ rules: draft.rules.map((r, j) => (j === i ? { ...r, text: e.target.value } : r)) })}
              />
            </li>
          ))}
        </ol>
      </Card>
      <Card title="Release">
        <div className="grid gap-4">
          {draft.sections.map((section, i) => (
            <fieldset key={i} className="grid gap-2">
              <legend className="sr-only">Section {i + 1}</legend>
              <TextField
                {...field(`sections.${i}.heading`)}
                label={`Section ${i + 1}: heading`}
                value={section.heading}
                onChange={(e) => change({ sections: draft.sections.map((s, j) => (j === i ? { ...s, heading: e.target.value } : s)) })}
              />
              <TextArea
                {...field(`sections.${i}.paragraphs`)}
                label={`Section ${i + 1}: text`}
                hint="A blank line between paragraphs."
                rows={5}
                value={section.paragraphs}
                onChange={(e) => change({ sections: draft.sections.map((s, j) => (j === i ? { ...s, paragraphs: e.target.value } : s)) })}
              />
            </fieldset>
          ))}
        </div>
      </Card>
      <Card>
        <Checkbox
          {...field('lawyerReviewed')}
          label="My lawyer has reviewed this text"
          hint="Unticked, this screen keeps reminding you that the text needs your lawyer’s review. Guests can sign it either way."
          checked={draft.lawyerReviewed}
          onChange={(e) => change({ lawyerReviewed: e.target.checked })}
        />
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className={buttonClass} disabled={sending}>
            {sending ? 'Publishing…' : `Publish the new ${language} version`}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => guard.confirmDiscard() && onCancel()}>
            Cancel
          </button>
        </div>
      </Card>
    </form>
  );
}
