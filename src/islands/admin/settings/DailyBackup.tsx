import type { BackupOverview } from '../../../lib/backups';
import { Badge, Card } from '../shared/ui';

const badges: Record<BackupOverview['state'], { tone: 'good' | 'warn' | 'bad' | 'info' | 'neutral'; label: string }> = {
  ok: { tone: 'good', label: 'Succeeded' },
  running: { tone: 'info', label: 'Running' },
  failed: { tone: 'bad', label: 'Failed' },
  overdue: { tone: 'warn', label: 'Overdue' },
  none: { tone: 'neutral', label: 'Not run yet' },
};

/**
 * The daily backup's last outcome (owners): when it last succeeded, and a failure with its reason, as the
 * backup run recorded it. A failing backup used to show only in the function's log.
 */
export function DailyBackup({ status }: { status: BackupOverview }) {
  const badge = badges[status.state];
  return (
    <Card title="Daily backup" actions={<Badge tone={badge.tone}>{badge.label}</Badge>}>
      <p className="text-sm font-semibold text-slate-900" data-testid="backup-headline">
        {status.headline}
      </p>
      {status.detail && <p className="mt-1 text-sm text-slate-800">{status.detail}</p>}
    </Card>
  );
}
