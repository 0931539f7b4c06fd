import { adminApi } from '../../../lib/paths';
import { Card, secondaryButtonClass } from '../shared/ui';

/**
 * "Export everything" (owners, issue #41): one zip of the business's records as CSV, with the signed
 * waivers' PDFs and the photos customers sent. A plain download link: the browser sends the session like
 * any admin request.
 */
export function ExportEverything() {
  return (
    <Card title="Export everything">
      <p className="text-sm text-slate-800">
        Download all your bookings, customers, payments, signed waivers, products, customers’ credits, cake orders, quote requests and blackout dates as spreadsheet files (CSV), with every signed waiver’s PDF, cake order’s reference photo and photo of a setup spot customers sent, in one zip file. Yours to keep or to take
        to another system.
      </p>
      <p className="mt-3">
        <a className={secondaryButtonClass} href={adminApi.exports.everything} download>
          Download everything (.zip)
        </a>
      </p>
    </Card>
  );
}
