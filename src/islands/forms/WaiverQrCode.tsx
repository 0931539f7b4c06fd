import { useState } from 'react';
import { publicApi } from '../../lib/paths';
import { interpolate } from '../../lib/i18n';
import { useWords } from '../shared/island-words';

export interface WaiverQrCodeProps {
  bookingNumber: string;
  /** The renter's e-mail, or the booking's waiver key: either proves the QR code may be drawn. */
  email?: string;
  waiverKey?: string;
  size?: number;
}

/**
 * The guests' QR code for a booking: scanning it opens /sign-waiver for this booking without the
 * renter's e-mail. Drawn by GET /api/waivers/qr; if the server refuses (wrong e-mail, cancelled
 * booking), nothing is shown. Inside the page's WordsProvider: its words and the waiver page it links
 * to (/waiver, /es/waiver) are the page's language.
 */
export default function WaiverQrCode({ bookingNumber, email, waiverKey, size = 176 }: WaiverQrCodeProps) {
  const { waiverQr: t, link } = useWords();
  const [failed, setFailed] = useState(false);
  if (failed || (!email && !waiverKey) || !t) return null;
  const query = new URLSearchParams({ booking: bookingNumber, ...(waiverKey ? { key: waiverKey } : { email: email! }) });
  return (
    <figure className="flex flex-wrap items-center gap-4" data-testid="waiver-qr-code">
      <img
        src={publicApi.waiverQr(query)}
        alt={interpolate(t.alt, { booking: bookingNumber })}
        width={size}
        height={size}
        className="rounded-lg border border-slate-200 bg-white"
        onError={() => setFailed(true)}
      />
      <figcaption className="max-w-xs text-sm text-slate-700">
        {t.caption}{' '}
        <a className="font-semibold text-brand-800 underline underline-offset-4" href={link(`/waiver?${query}`)}>
          {t.open}
        </a>
        .
      </figcaption>
    </figure>
  );
}
