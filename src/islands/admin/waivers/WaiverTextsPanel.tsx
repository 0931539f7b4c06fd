import { useState } from 'react';
import type { CurrentWaiverText } from '../../../lib/waivers';
import type { WaiverVersionItem } from '../../../lib/waivers/index.server';
import { adminApi } from '../../../lib/paths';
import { adminMutate, useAdminData } from '../shared/admin-api';
import { staffClock } from '../shared/business';
import { Badge, Card, LoadState, buttonClass, secondaryButtonClass } from '../shared/ui';
import { WaiverTextEditor } from './WaiverTextEditor';
import { LANGUAGE_NAME_IN_ENGLISH } from '../../../lib/i18n';

type Language = 'en' | 'es';
interface WaiverTexts {
  current: Record<Language, CurrentWaiverText>;
  versions: Record<Language, WaiverVersionItem[]>;
}

/**
 * The owner's waiver text, per language (/admin/waivers → Waiver text): the version guests sign now,
 * whether it waits for the owner's lawyer (the shipped Spanish does), a new version to publish, and
 * every version with how many guests signed it.
 */
export function WaiverTextsPanel() {
  const { data, error, loading, reload } = useAdminData<WaiverTexts>(adminApi.waivers.texts);
  const [editing, setEditing] = useState<Language | null>(null);
  if (editing && data) {
    return (
      <WaiverTextEditor
        text={data.current[editing]}
        onCancel={() => setEditing(null)}
        onPublished={() => {
          setEditing(null);
          reload();
        }}
      />
    );
  }
  return (
    <LoadState loading={loading && !data} error={error}>
      {data && (
        <div className="grid gap-4">
          {(['en', 'es'] as const).map((language) => (
            <LanguageCard key={language} language={language} texts={data} onEdit={() => setEditing(language)} onReviewed={reload} />
          ))}
        </div>
      )}
    </LoadState>
  );
}

function LanguageCard({ language, texts, onEdit, onReviewed }: { language: Language; texts: WaiverTexts; onEdit(): void; onReviewed(): void }) {
  const current = texts.current[language];
  const name = LANGUAGE_NAME_IN_ENGLISH[language];
  const confirm = async () => {
    const result = await adminMutate(adminApi.waivers.textReview, 'POST', { language, version: current.version }, `Your lawyer’s review of the ${name} waiver is recorded.`);
    if (result.ok) onReviewed();
  };
  return (
    <Card title={`${name} waiver`}>
      <section aria-label={`${name} waiver`} data-testid={`waiver-text-${language}`}>
        <p className="text-slate-800">
          Guests sign version <span className="font-semibold">{current.version}</span>: “{current.title}”.
        </p>
        {current.needsLegalReview && (
          <div role="note" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
            <p className="font-semibold">Needs your lawyer’s review.</p>
            <p>
              {texts.versions[language].find((v) => v.version === current.version)?.publishedAt === null && language !== 'en'
                ? 'This is our faithful translation of the English waiver. Guests can sign it now; have your lawyer read it, then confirm here or publish the version they ask for.'
                : 'Guests can sign it now; have your lawyer read it, then confirm here or publish the version they ask for.'}
            </p>
            <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => void confirm()}>
              My lawyer has reviewed version {current.version}
            </button>
          </div>
        )}
        <div className="mt-4">
          <button type="button" className={buttonClass} onClick={onEdit}>
            Write a new {name} version
          </button>
        </div>
        <h3 className="mt-5 text-sm font-bold text-slate-900">Versions</h3>
        <ul className="mt-2 grid gap-2 text-sm text-slate-700">
          {texts.versions[language].map((v) => (
            <li key={v.version}>
              <span className="font-semibold text-slate-900">{v.version}</span> · {v.publishedAt ? `published ${staffClock().timestamp(v.publishedAt)}${v.publishedBy ? ` by ${v.publishedBy}` : ''}` : 'shipped with the site'} ·{' '}
              {v.signatures} signed {v.needsLegalReview ? <Badge tone="warn">needs review</Badge> : v.reviewedAt ? <Badge tone="good">reviewed</Badge> : null}
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

/**
 * To the owner, above the waivers: which current texts still wait for their lawyer's review. On a phone
 * it is one line that unfolds to the full note: at full length it pushed the list's first row off the
 * first screen (360 × 640).
 */
export function LegalReviewNotice() {
  const { data } = useAdminData<WaiverTexts>(adminApi.waivers.texts);
  const pending = data ? (['en', 'es'] as const).filter((l) => data.current[l].needsLegalReview) : [];
  if (pending.length === 0) return null;
  const lines = pending.map((l) => {
    const version = data!.current[l].version;
    const shipped = data!.versions[l].find((v) => v.version === version)?.publishedAt === null;
    return (
      <span key={l} className="block">
        The {LANGUAGE_NAME_IN_ENGLISH[l]} waiver (version {version}) {shipped ? `is our faithful translation of the English one and needs` : 'needs'} review by your lawyer
        before you rely on it. Guests can sign it now; under “Waiver text”, confirm the review or publish the version your lawyer asks for.
      </span>
    );
  });
  const texts = pending.map((l) => LANGUAGE_NAME_IN_ENGLISH[l]).join(' and ');
  return (
    <div role="note" className="mb-3 rounded-lg bg-amber-50 text-sm text-amber-950" data-testid="waiver-legal-review">
      <details className="px-3 py-2 sm:hidden">
        <summary className="cursor-pointer font-semibold">
          {texts} waiver{pending.length > 1 ? 's' : ''}: lawyer’s review due
        </summary>
        <div className="mt-1">{lines}</div>
      </details>
      <p className="hidden p-3 sm:block">{lines}</p>
    </div>
  );
}
