import { secondaryButtonClass } from '../form-classes';
import type { HumanCheck } from './use-human-check';

/** Its words; the booking path's islands give their page's (src/lib/i18n), the other forms show these. */
export interface HumanCheckWords {
  humanChecking: string;
  humanReady: string;
  humanIdle: string;
  humanOffline: string;
  humanBusy: string;
  humanUnsolved: string;
  humanRetry: string;
}
const ENGLISH: HumanCheckWords = {
  humanChecking: 'Checking on this device that you are a person…',
  humanReady: 'Checked: you can send the form.',
  humanIdle: 'When you fill in this form, your device quietly checks that you are a person: no puzzle, no tracking.',
  humanOffline: 'The check that you are a person could not reach our site. Check your connection, then try again.',
  humanBusy: 'Too many checks from your network just now. Please wait a few minutes, then try again.',
  humanUnsolved: 'The check that you are a person did not finish on this device. Please try again.',
  humanRetry: 'Run the check again',
};

/**
 * What the human check is doing, beside the send button: a polite status for screen readers, and
 * a button to run it again when it failed. Nothing to solve or click otherwise.
 */
export default function HumanCheckStatus({ check, words = ENGLISH }: { check: HumanCheck; words?: HumanCheckWords }) {
  const problems = { offline: words.humanOffline, busy: words.humanBusy, unsolved: words.humanUnsolved };
  const text =
    check.state === 'checking'
      ? words.humanChecking
      : check.state === 'ready'
        ? words.humanReady
        : check.state === 'error'
          ? problems[check.problem ?? 'offline']
          : words.humanIdle;
  return (
    <div data-testid="human-check" data-state={check.state} className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
      <p role="status">{text}</p>
      {check.state === 'error' && (
        <button type="button" onClick={check.retry} className={secondaryButtonClass}>
          {words.humanRetry}
        </button>
      )}
    </div>
  );
}
