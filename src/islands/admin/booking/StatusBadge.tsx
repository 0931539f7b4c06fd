import { type BookingStatus, staffStatusLabels } from '../../../lib/booking';
import { Badge } from '../shared/ui';

const tones: Record<BookingStatus, 'neutral' | 'good' | 'warn' | 'bad' | 'info' | 'brand'> = {
  hold: 'warn',
  deposit_due: 'warn',
  confirmed: 'info',
  out_for_delivery: 'brand',
  delivered: 'brand',
  completed: 'good',
  cancelled: 'bad',
  expired: 'neutral',
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  return <Badge tone={tones[status]}>{staffStatusLabels[status]}</Badge>;
}
