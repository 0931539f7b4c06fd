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
