const timestamp = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** '2026-11-22T15:04:05Z' → 'Nov 22, 2026, 9:04 AM' in the browser's zone (staff sit in the business's). */
export function formatTimestamp(iso: string): string {
  return timestamp.format(new Date(iso));
}
