import { useState } from 'react';
import { publicApi } from '../../lib/paths';
import type { SitePhotosAdded } from '../../lib/site-photos';
import { interpolate } from '../../lib/i18n';
import { requestJson } from '../shared/api';
import { CustomerCard } from '../shared/CustomerCard';
import { PhotoThumbs, SitePhotosField } from '../shared/SitePhotosField';
import type { PublicBooking } from './use-track-order';
import { useTrackWords } from './words';

/**
 * Photos of the setup spot for the crew (issue #38): how many the booking has, and a field that sends
 * new ones at once with the booking's photo key (the page got it with the booking). Shown while the
 * booking still takes photos.
 */
export function SitePhotosCard({ booking: b }: { booking: PublicBooking }) {
  const t = useTrackWords().trackOrder.photos;
  const [count, setCount] = useState(b.sitePhotos?.count ?? 0);
  const [sent, setSent] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!b.sitePhotos) return null;
  const { key, max } = b.sitePhotos;

  const send = async (photos: string[]) => {
    setBusy(true);
    setError(undefined);
    const result = await requestJson<SitePhotosAdded>(publicApi.sitePhotos, { method: 'POST', json: { bookingNumber: b.number, key, photos } });
    setBusy(false);
    if (result.ok) {
      setCount(result.data.count);
      setSent((before) => [...before, ...photos]);
      return;
    }
    const fields = result.error.fields ?? {};
    setError(fields['photos'] ?? Object.entries(fields).find(([field]) => field.startsWith('photos.'))?.[1] ?? result.error.message);
  };

  return (
    <CustomerCard id="site-photos-heading" heading={t.heading} level={3}>
      <p className="mt-2 text-slate-800" role="status" data-testid="site-photos-count">
        {count === 0 ? t.none : interpolate(count === 1 ? t.count.one : t.count.other, { count, max })}
        {busy && t.sending}
      </p>
      <div className="mt-4 space-y-3">
        <SitePhotosField id="site-photos" words={t} room={max - count} busy={busy} error={error} onPhotos={(photos) => void send(photos)} />
        <PhotoThumbs photos={sent} words={t} />
      </div>
    </CustomerCard>
  );
}
