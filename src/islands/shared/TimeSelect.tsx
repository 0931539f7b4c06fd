import { formatClock } from '../../lib/time';

export interface TimeSelectProps {
  id: string;
  label: string;
  value: string;
  /** 'HH:MM' choices, shown as "10:30 AM". */
  options: string[];
  onChange: (value: string) => void;
  labelClassName: string;
  selectClassName: string;
  describedBy?: string | undefined;
}

/** A labelled start or end time picker: the same control on the product page, the cart and /at. */
export default function TimeSelect({ id, label, value, options, onChange, labelClassName, selectClassName, describedBy }: TimeSelectProps) {
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} className={selectClassName} value={value} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)}>
        {options.map((t) => (
          <option key={t} value={t}>
            {formatClock(t)}
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
 * grid; the end's choices follow the start.
 */
export function WindowSelects({
  id,
  times,
  labels = ['Starts', 'Ends'],
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
  const classes = { labelClassName, selectClassName, describedBy };
  return (
    <>
      <TimeSelect id={`${id}-start`} label={labels[0]} value={times.start} options={times.startOptions} onChange={times.changeStart} {...classes} />
      <TimeSelect id={`${id}-end`} label={labels[1]} value={times.end} options={times.endOptions} onChange={times.setEnd} {...classes} />
    </>
  );
}
