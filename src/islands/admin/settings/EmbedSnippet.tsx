import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { EMBED_LOADER_PATH, embedSnippet } from '../../../lib/embed';
import { inputClass, labelClass } from '../../shared/form-classes';
import { Card, secondaryButtonClass } from '../shared/ui';

interface Choice {
  slug: string;
  name: string;
}

type Kind = 'product' | 'catalog' | 'date-search' | 'cart';
const kinds: { id: Kind; label: string }[] = [
  { id: 'product', label: 'One product, with its date check' },
  { id: 'catalog', label: 'A category’s products' },
  { id: 'date-search', label: 'What’s free on a date' },
  { id: 'cart', label: 'The cart button (put it once on every page)' },
];

const platforms: [string, string][] = [
  ['WordPress', 'Edit the page, add a “Custom HTML” block, paste, and update the page.'],
  ['Wix', 'Add → Embed code → “Embed HTML”, paste in “Code”, then size the box to fit. Wix shows it in a frame of its own address: list that address above (the element names it when it is missing).'],
  ['Squarespace', 'Edit the page, add a “Code” block, paste, and save.'],
  ['Any other page', 'Paste it where the widget should appear. The script line is needed once per page, whatever the number of elements.'],
];

/**
 * The snippet for the owner's other website (issue #39): pick what to show, see it live (this site is
 * always allowed to show its own widget), copy it, with where to paste it on the common site builders.
 */
export function EmbedSnippet({ products, categories }: { products: readonly Choice[]; categories: readonly Choice[] }) {
  const id = useId();
  const [kind, setKind] = useState<Kind>('product');
  const [product, setProduct] = useState(products[0]?.slug ?? '');
  const [category, setCategory] = useState(categories[0]?.slug ?? '');
  const preview = useRef<HTMLDivElement>(null);
  const attribute = kind === 'product' ? ` slug="${product}"` : kind === 'catalog' ? ` category="${category}"` : '';
  const element = `<party-${kind}${attribute}></party-${kind}>`;
  const snippet = embedSnippet(location.origin, element);

  useEffect(() => {
    if (!document.querySelector(`script[src="${EMBED_LOADER_PATH}"]`)) document.head.append(Object.assign(document.createElement('script'), { src: EMBED_LOADER_PATH, async: true }));
  }, []);
  useEffect(() => {
    const shown = document.createElement(`party-${kind}`);
    if (kind === 'product') shown.setAttribute('slug', product);
    if (kind === 'catalog') shown.setAttribute('category', category);
    preview.current?.replaceChildren(shown);
  }, [kind, product, category]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast.success('Snippet copied.');
    } catch {
      toast.error('Could not copy: select the snippet and copy it yourself.');
    }
  };

  return (
    <Card title="Put it on your website">
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-kind`} className={labelClass}>
            Show
          </label>
          <select id={`${id}-kind`} className={inputClass} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            {kinds.map((k) => (
              <option key={k.id} value={k.id}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
        {kind === 'product' && <ChoiceSelect id={`${id}-product`} label="Product" choices={products} value={product} onChange={setProduct} />}
        {kind === 'catalog' && <ChoiceSelect id={`${id}-category`} label="Category" choices={categories} value={category} onChange={setCategory} />}
      </div>
      <label htmlFor={`${id}-snippet`} className={`${labelClass} mt-3`}>
        Snippet
      </label>
      <textarea id={`${id}-snippet`} className={`${inputClass} font-mono text-sm`} rows={3} readOnly value={snippet} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={copy}>
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

function ChoiceSelect({ id, label, choices, value, onChange }: { id: string; label: string; choices: readonly Choice[]; value: string; onChange(slug: string): void }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {choices.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
