import type { WaiverContext, WaiverSigned } from '../../lib/waivers';
import { primaryButtonClass, SuccessPanel } from '../shared/form-kit';
import { publicApi } from '../../lib/paths';

/** After signing: the PDF, signing another, and the QR code and link other adults sign with. */
export default function WaiverSignedPanel({
  signed,
  context,
  phone,
  onAnother,
}: {
  signed: WaiverSigned;
  context: WaiverContext;
  phone: string;
  onAnother: () => void;
}) {
  const signedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' }).format(
    new Date(signed.signedAt),
  );
  const qr = publicApi.waiverQr({ booking: context.bookingNumber, key: context.key });
  return (
    <div className="space-y-8">
      <SuccessPanel
        title="Waiver signed"
        actions={
          <a className={primaryButtonClass} href={signed.pdfUrl} data-testid="waiver-pdf-link">
            Download the signed waiver (PDF)
          </a>
        }
        again={{ label: 'Sign another waiver for this booking', onClick: onAnother }}
      >
        <p>
          Signed by <strong>{signed.signerName}</strong> for booking {signed.bookingNumber} on{' '}
          <time dateTime={signed.signedAt} data-testid="waiver-signed-at">
            {signedAt}
          </time>
          .
        </p>
        {signed.copyEmailed ? (
          <p>A copy is on its way to your e-mail. Questions? Call {phone}.</p>
        ) : (
          <p data-testid="waiver-no-copy">
            This booking has had as many waiver copies e-mailed as we send, so no copy was e-mailed this time: download the PDF above
            to keep one. Questions? Call {phone}.
          </p>
        )}
      </SuccessPanel>
      <section
        aria-labelledby="waiver-share"
        className="grid gap-6 rounded-2xl border border-brand-100 p-6 sm:grid-cols-[auto_1fr] sm:items-center"
      >
        <img
          src={qr}
          alt={`QR code that opens the waiver for booking ${context.bookingNumber}`}
          width={176}
          height={176}
          className="rounded-lg border border-slate-200 bg-white"
        />
        <div>
          <h2 id="waiver-share" className="text-xl font-bold text-slate-900">
            Other adults can sign on their phone
          </h2>
          <p className="mt-2 text-slate-700">
            They scan this code, or open this link, and sign their own copy. No booking e-mail needed.
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
