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
