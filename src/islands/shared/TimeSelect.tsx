import { formatClock } from '../../lib/time';
import { useWordsIfAny } from './island-words';

export interface TimeSelectProps {
  id: string;
  label: string;
  value: string;
  /** 'HH:MM' choices, shown as the page's language writes a time ("10:30 AM", "10:30 a.m."). */
  options: string[];
  onChange: (value: string) => void;
  labelClassName: string;
  selectClassName: string;
  describedBy?: string | undefined;
}

/** A labelled start or end time picker: the same control on the product page, the cart and /at. */
export default function TimeSelect({ id, label, value, options, onChange, labelClassName, selectClassName, describedBy }: TimeSelectProps) {
  // The island's formats (its page's locale, issue #40); outside any island's words, English.
  const clock = useWordsIfAny()?.f.clock ?? formatClock;
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} className={selectClassName} value={value} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)}>
        {options.map((t) => (
          <option key={t} value={t}>
            {clock(t)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What the start and end pickers show and change: useEventWindow's, or a form's that keeps its own. */
export interface EventWindowChoice {
  start: string;
  end: string;
  startOptions: string[];
  endOptions: string[];
  changeStart(start: string): void;
  setEnd(end: string): void;
}

/**
 * The party's start and end pickers (ids `${id}-start` and `${id}-end`), side by side in the caller's
 * grid; the end's choices follow the start. Labelled "Starts" and "Ends" in the page's words unless
 * the caller names them.
 */
export function WindowSelects({
  id,
  times,
  labels,
  labelClassName,
  selectClassName,
  describedBy,
}: {
  id: string;
  times: EventWindowChoice;
  labels?: [string, string];
  labelClassName: string;
  selectClassName: string;
  describedBy?: string;
}) {
  const words = useWordsIfAny();
  const [starts, ends] = labels ?? (words ? [words.cart.starts, words.cart.ends] : ['Starts', 'Ends']);
  const classes = { labelClassName, selectClassName, describedBy };
  return (
    <>
      <TimeSelect id={`${id}-start`} label={starts} value={times.start} options={times.startOptions} onChange={times.changeStart} {...classes} />
      <TimeSelect id={`${id}-end`} label={ends} value={times.end} options={times.endOptions} onChange={times.setEnd} {...classes} />
    </>
  );
}
