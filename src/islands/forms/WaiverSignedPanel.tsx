import { signedAtText, type WaiverContext, type WaiverFormWords, type WaiverSigned } from '../../lib/waivers';
import { fullStopAfter, interpolate } from '../../lib/i18n';
import { businessClock } from '../../lib/time';
import { primaryButtonClass, SuccessPanel } from '../shared/form-kit';
import { publicApi } from '../../lib/paths';

/** After signing: the PDF, signing another, and the QR code and link other adults sign with. */
export default function WaiverSignedPanel({
  signed,
  context,
  phone,
  timeZone,
  words: t,
  onAnother,
}: {
  signed: WaiverSigned;
  context: WaiverContext;
  phone: string;
  /** The business's (settings.timezone): the time signed as the e-mail and the PDF say it, not the phone's. */
  timeZone: string;
  words: WaiverFormWords;
  onAnother: () => void;
}) {
  const signedAt = signedAtText(new Date(signed.signedAt), businessClock(timeZone), signed.language);
  const qr = publicApi.waiverQr({ booking: context.bookingNumber, key: context.key });
  return (
    <div className="space-y-8">
      <SuccessPanel
        title={t.signedTitle}
        actions={
          <a className={primaryButtonClass} href={signed.pdfUrl} data-testid="waiver-pdf-link">
            {t.download}
          </a>
        }
        again={{ label: t.another, onClick: onAnother }}
      >
        <p>
          {t.signedBy} <strong>{signed.signerName}</strong> {interpolate(t.forBooking, { number: signed.bookingNumber })}{' '}
          <time dateTime={signed.signedAt} data-testid="waiver-signed-at">
            {signedAt}
          </time>
          {fullStopAfter(signedAt)}
        </p>
        {signed.copyEmailed ? (
          <p>{interpolate(t.copySent, { phone })}</p>
        ) : (
          <p data-testid="waiver-no-copy">
            {interpolate(t.noCopy, { phone })}
          </p>
        )}
      </SuccessPanel>
      <section
        aria-labelledby="waiver-share"
        className="grid gap-6 rounded-2xl border border-brand-100 p-6 sm:grid-cols-[auto_1fr] sm:items-center"
      >
        <img
          src={qr}
          alt={interpolate(t.qrAlt, { number: context.bookingNumber })}
          width={176}
          height={176}
          className="rounded-lg border border-slate-200 bg-white"
        />
        <div>
          <h2 id="waiver-share" className="text-xl font-bold text-slate-900">
            {t.shareTitle}
          </h2>
          <p className="mt-2 text-slate-700">
            {t.shareText}
          </p>
          <p className="mt-2 break-all">
            <a className="font-semibold text-brand-800 underline underline-offset-4" href={context.signUrl}>
              {context.signUrl}
            </a>
          </p>
        </div>
      </section>
    </div>
  );
}
