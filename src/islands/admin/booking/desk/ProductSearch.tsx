import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { ProductFreeCount } from '../../../../lib/booking/index.server';
import type { WindowProblem } from '../../../../lib/availability';
import { lineReason } from '../../../../lib/staff-bookings';

/** A product's free count, or why it cannot be had; the window's own reason is said at the When card, so here only pointed to. */
const freeLabel = (p: ProductFreeCount, windowProblem: WindowProblem | null) =>
  p.available
    ? p.freeCount === null
      ? 'made to order'
      : `${p.freeCount} free`
    : p.reason
      ? (lineReason({ available: false, reason: p.reason.message, reasonCode: p.reason.code }, windowProblem) ??
        'not for this date or time (see When)')
      : 'not available';

/**
 * Adding an item in one step: staff type part of a name and choose (click, or arrows and Enter);
 * the product is added at once and the box is ready for the next. A combobox with a list of the
 * products not yet on the booking, each with its free count for the chosen time.
 */
export function ProductSearch({
  products,
  windowProblem,
  onChoose,
}: {
  products: ProductFreeCount[];
  windowProblem: WindowProblem | null;
  onChoose(product: string): void;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = products.filter((p) => words.every((w) => `${p.name} ${p.product}`.toLowerCase().includes(w)));
  const current = Math.min(active, shown.length - 1);

  useEffect(() => {
    if (open && current >= 0) document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  }, [open, current]);

  const choose = (p: ProductFreeCount | undefined) => {
    if (!p?.available) return;
    onChoose(p.product);
    setText('');
    setActive(0);
    setOpen(false);
  };
  const move = (by: number) => {
    setOpen(true);
    setActive(shown.length === 0 ? 0 : (current + by + shown.length) % shown.length);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      move(e.key === 'ArrowDown' ? (open ? 1 : 0) : -1);
    } else if (e.key === 'Enter') {
      // Enter chooses here; it never submits the booking.
      e.preventDefault();
      if (open) choose(shown[current]);
      else setOpen(true);
    } else if (e.key === 'Escape') {
      if (open) e.preventDefault();
      if (open) setOpen(false);
      else setText('');
    }
  };

  return (
    <div className="relative min-w-0">
      <label htmlFor={`${id}-input`} className="block text-sm font-semibold text-slate-900">
        Add a product <span className="font-normal text-slate-700">(free for the chosen time)</span>
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && current >= 0 ? optionId(current) : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        placeholder="Type a name: bounce, slide, table…"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="mt-1 block min-h-11 w-full min-w-0 rounded-lg border border-slate-400 px-3 text-base"
      />
      <p id={`${id}-hint`} className="sr-only">
        Choose a product to add it; arrow keys move through the list.
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label="Products"
        hidden={!open || shown.length === 0}
        className="absolute inset-x-0 z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-300 bg-white shadow-lg"
      >
        {shown.map((p, i) => (
          <li
            key={p.product}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            aria-disabled={!p.available || undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(p)}
            className={`cursor-pointer px-3 py-2 text-sm ${i === current ? 'bg-brand-50' : ''} ${p.available ? 'text-slate-900' : 'cursor-not-allowed text-slate-600'}`}
          >
            <span className="font-semibold">{p.name}</span> — {freeLabel(p, windowProblem)}
          </li>
        ))}
      </ul>
      {open && shown.length === 0 && (
        <p role="status" className="mt-1 text-sm text-slate-700">
          {products.length === 0
            ? 'Choose the date and times to see the products.'
            : 'No product matches: try another word.'}
        </p>
      )}
    </div>
  );
}
