/**
 * What staff read for each code of a status, reason or kind: the code capitalised, its underscores
 * read as spaces ("rain_check" → "Rain check"), except where `wording` says otherwise ("converted" →
 * "Booked"). One rule for every such list, so a new code reads like its neighbours without a second
 * table to keep in step with the list of codes.
 */
export function codeLabels<Code extends string>(codes: readonly Code[], wording: Partial<Record<Code, string>> = {}): Record<Code, string> {
  return Object.fromEntries(codes.map((code) => [code, wording[code] ?? readableCode(code)])) as Record<Code, string>;
}

const readableCode = (code: string) => {
  const words = code.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
