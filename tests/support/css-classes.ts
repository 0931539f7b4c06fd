/** Every class a rule in this CSS selects, unescaped (`sm:flex`, `w-1/2`, `aria-[current=page]:bg-brand-100`). */
export function classSelectors(css: string): Set<string> {
  const names = new Set<string>();
  for (const [, escaped] of css.matchAll(/\.((?:\\.|[\w-])+)/g)) names.add(escaped!.replace(/\\(.)/g, '$1'));
  return names;
}
