/**
 * The daily cap on acknowledgements to addresses nobody has verified (contact, suggestion, quote and
 * cake forms), across all visitors: what staff are told once it is reached. Pure; the counting is in
 * unverified-mail.server.ts.
 */
export interface AcknowledgementDay {
  /** The business's local date the counts are for. */
  day: string;
  sent: number;
  /** Submissions stored (and the business notified) whose acknowledgement was not sent. */
  withheld: number;
  cap: number;
}

export const capReached = (d: AcknowledgementDay): boolean => d.sent >= d.cap;

/** The dashboard's notice, or null while acknowledgements still go out. */
export function acknowledgementCapNotice(d: AcknowledgementDay): string | null {
  if (!capReached(d)) return null;
  if (d.cap === 0) return 'Form acknowledgements are turned off (the limit under Settings → Limits is 0): visitors who send a form get no confirmation e-mail.';
  const withheld = d.withheld === 0 ? '' : ` ${d.withheld} ${d.withheld === 1 ? 'visitor was' : 'visitors were'} not sent one; their messages are in the inbox and lists as usual.`;
  return `Today’s ${d.cap} form acknowledgements are used up, so visitors who send a form get no confirmation e-mail until tomorrow.${withheld} Raise the limit under Settings → Limits if this is real demand, not a script.`;
}
