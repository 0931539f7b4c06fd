import { useEffect, useId, useRef, useState } from 'react';
import { EMBED_LOADER_PATH, embedSnippet } from '../../../lib/embed';
import { inputClass, labelClass } from '../../shared/form-classes';
import { copyText } from '../shared/clipboard';
import { FilterSelect } from '../shared/filters';
import { Card, secondaryButtonClass } from '../shared/ui';

interface Choice {
  slug: string;
  name: string;
}

type Kind = 'product' | 'catalog' | 'date-search' | 'cart';
// Short enough to show whole in a closed select at 375 px; what one needs said more is its hint.
const kinds: { value: Kind; label: string }[] = [
  { value: 'product', label: 'One product' },
  { value: 'catalog', label: 'A category’s products' },
  { value: 'date-search', label: 'What’s free on a date' },
  { value: 'cart', label: 'The cart button' },
];
const kindHints: Record<Kind, string> = {
  product: 'Its photo, price and date check.',
  catalog: 'Each with Add to cart and Details.',
  'date-search': 'What is free on a date and hours.',
  cart: 'Put it once on every page.',
};
const choiceOptions = (choices: readonly Choice[]) => choices.map((c) => ({ value: c.slug, label: c.name }));
/** An element speaks its page's language (`<html lang="es">`: Spanish); `lang="es"` makes one Spanish on an English page. */
const languages = [
  { value: '', label: 'The page’s own' },
  { value: 'es', label: 'Spanish' },
];
const languageHint = 'Spanish on a Spanish page. Choose Spanish for a Spanish element on an English page.';

const platforms: [string, string][] = [
  ['WordPress', 'Edit the page, add a “Custom HTML” block, paste, and update the page.'],
  ['Wix', 'Add → Embed code → “Embed HTML”, paste in “Code”, then size the box to fit. Wix shows it in a frame of its own address: list that address above (the element names it when it is missing).'],
  ['Squarespace', 'Edit the page, add a “Code” block, paste, and save.'],
  ['Any other page', 'Paste it where the widget should appear. The script line is needed once per page, whatever the number of elements.'],
];

/**
 * The snippet for the owner's other website (issue #39): pick what to show, see it live (this site is
 * always allowed to show its own widget), copy it, with where to paste it on the common site builders.
 * A business that offers Spanish may also pick the element's language.
 */
export function EmbedSnippet({ products, categories, spanish }: { products: readonly Choice[]; categories: readonly Choice[]; spanish: boolean }) {
  const id = useId();
  const [kind, setKind] = useState<Kind>('product');
  const [product, setProduct] = useState(products[0]?.slug ?? '');
  const [category, setCategory] = useState(categories[0]?.slug ?? '');
  const [language, setLanguage] = useState('');
  const lang = spanish ? language : '';
  const preview = useRef<HTMLDivElement>(null);
  const attribute = (kind === 'product' ? ` slug="${product}"` : kind === 'catalog' ? ` category="${category}"` : '') + (lang ? ` lang="${lang}"` : '');
  const element = `<party-${kind}${attribute}></party-${kind}>`;
  const snippet = embedSnippet(location.origin, element);

  useEffect(() => {
    if (!document.querySelector(`script[src="${EMBED_LOADER_PATH}"]`)) document.head.append(Object.assign(document.createElement('script'), { src: EMBED_LOADER_PATH, async: true }));
  }, []);
  useEffect(() => {
    const shown = document.createElement(`party-${kind}`);
    if (kind === 'product') shown.setAttribute('slug', product);
    if (kind === 'catalog') shown.setAttribute('category', category);
    if (lang) shown.setAttribute('lang', lang);
    preview.current?.replaceChildren(shown);
  }, [kind, product, category, lang]);

  return (
    <Card title="Put it on your website">
      <div className="grid gap-3 sm:grid-cols-2">
        <FilterSelect label="Show" hint={kindHints[kind]} value={kind} options={kinds} onChange={(value) => setKind(value as Kind)} />
        {kind === 'product' && <FilterSelect label="Product" options={choiceOptions(products)} value={product} onChange={setProduct} />}
        {kind === 'catalog' && <FilterSelect label="Category" options={choiceOptions(categories)} value={category} onChange={setCategory} />}
        {spanish && <FilterSelect label="Language" hint={languageHint} options={languages} value={language} onChange={setLanguage} />}
      </div>
      <label htmlFor={`${id}-snippet`} className={`${labelClass} mt-3`}>
        Snippet
      </label>
      <textarea id={`${id}-snippet`} className={`${inputClass} font-mono text-sm`} rows={3} readOnly value={snippet} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => void copyText(snippet, 'Snippet copied.', 'the snippet')}>
        Copy snippet
      </button>
      <h3 className="mt-4 font-semibold text-slate-900">Where to paste it</h3>
      <dl className="mt-1 grid gap-2 text-sm text-slate-700">
        {platforms.map(([name, how]) => (
          <div key={name}>
            <dt className="font-semibold text-slate-900">{name}</dt>
            <dd>{how}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 font-semibold text-slate-900">Preview</h3>
      <div ref={preview} data-testid="embed-preview" className="mt-2 rounded-lg border border-dashed border-slate-300 p-3" />
    </Card>
  );
}
