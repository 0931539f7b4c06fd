import { LANGUAGE_NAME_IN_ENGLISH } from '../../../lib/i18n';

/**
 * Which text a guest signed: its language, its version in that language and the SHA-256 of the exact
 * text (the same fingerprint printed on the PDF), so staff can show what each guest read.
 */
export function SignedTextNote({ w }: { w: { language: 'en' | 'es'; waiverVersion: string; textSha256: string } }) {
  return (
    <span className="block text-xs text-slate-700" data-testid="waiver-signed-text">
      <span className="font-semibold">{LANGUAGE_NAME_IN_ENGLISH[w.language]}</span>, version {w.waiverVersion} · SHA-256{' '}
      <code className="break-all font-mono">{w.textSha256}</code>
    </span>
  );
}
