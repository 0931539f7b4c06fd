import { WAIVER_NEEDS_LEGAL_REVIEW, WAIVER_VERSIONS } from '../../../lib/waivers';

/** The admin is in English: each waiver's language by its English name. */
const LANGUAGE = { en: 'English', es: 'Spanish' } as const;

/**
 * Which text a guest signed: its language, its version in that language and the SHA-256 of the exact
 * text (the same fingerprint printed on the PDF), so staff can show what each guest read.
 */
export function SignedTextNote({ w }: { w: { language: 'en' | 'es'; waiverVersion: string; textSha256: string } }) {
  return (
    <span className="block text-xs text-slate-700" data-testid="waiver-signed-text">
      <span className="font-semibold">{LANGUAGE[w.language]}</span>, version {w.waiverVersion} · SHA-256{' '}
      <code className="break-all font-mono">{w.textSha256}</code>
    </span>
  );
}

/** To the owner, where the waivers are managed: which current texts are our translation, awaiting their lawyer's review. */
export function LegalReviewNotice() {
  const pending = (Object.keys(WAIVER_NEEDS_LEGAL_REVIEW) as ('en' | 'es')[]).filter((l) => WAIVER_NEEDS_LEGAL_REVIEW[l]);
  if (pending.length === 0) return null;
  return (
    <p role="note" className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-testid="waiver-legal-review">
      {pending.map((l) => (
        <span key={l} className="block">
          The {LANGUAGE[l]} waiver (version {WAIVER_VERSIONS[l]}) is our faithful translation of the English one and needs review by your lawyer before
          you rely on it. Guests can sign it now; send any change your lawyer asks for to us and it becomes a new version.
        </span>
      ))}
    </p>
  );
}
