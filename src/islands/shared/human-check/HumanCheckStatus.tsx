import { secondaryButtonClass } from '../form-classes';
import type { HumanCheck } from './use-human-check';

const PROBLEMS = {
  offline: 'The check that you are a person could not reach our site. Check your connection, then try again.',
  busy: 'Too many checks from your network just now. Please wait a few minutes, then try again.',
  unsolved: 'The check that you are a person did not finish on this device. Please try again.',
};

/**
 * What the human check is doing, beside the send button: a polite status for screen readers, and
 * a button to run it again when it failed. Nothing to solve or click otherwise.
 */
export default function HumanCheckStatus({ check }: { check: HumanCheck }) {
  const text =
    check.state === 'checking'
      ? 'Checking on this device that you are a person…'
      : check.state === 'ready'
        ? 'Checked: you can send the form.'
        : check.state === 'error'
          ? PROBLEMS[check.problem ?? 'offline']
          : 'When you fill in this form, your device quietly checks that you are a person: no puzzle, no tracking.';
  return (
    <div data-testid="human-check" data-state={check.state} className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <p role="status">{text}</p>
      {check.state === 'error' && (
        <button type="button" onClick={check.retry} className={secondaryButtonClass}>
          Run the check again
        </button>
      )}
    </div>
  );
}
