import { formatMoney } from '../../../../lib/money';
import { loadWords, siteAnswerRows } from '../../../../lib/site-check';
import { CallAbout } from '../../shared/CallAbout';
import { SitePhotoLinks } from '../../shared/SitePhotoLinks';
import { Card } from '../../shared/ui';
import type { CardProps } from './card-props';
import { Facts } from './Facts';

/**
 * The setup spot as the customer described it (issue #38): the answers in plain words, the automatic
 * lines they brought, the gear the crew load, what to call the customer about, highlighted, and the
 * customer's photos of the spot. Left out for a booking whose products ask nothing of the yard and that
 * has no answer and no photo.
 */
export function SiteCard({ booking }: Pick<CardProps, 'booking'>) {
  const { site } = booking;
  const rows = siteAnswerRows(site.answers, site);
  const gear = loadWords(site.load);
  if (rows.length === 0 && site.charges.length === 0 && site.flags.length === 0 && !gear && site.photos.length === 0) return null;
  return (
    <Card title="Setup spot">
      {rows.length > 0 ? <Facts rows={[...rows, ...(gear ? [['Gear to load', gear] as [string, string]] : [])]} /> : <p className="text-sm text-slate-900">The customer gave no answers about the setup spot.</p>}
      {site.charges.length > 0 && (
        <ul aria-label="Automatic lines" className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm text-slate-900">
          {site.charges.map((c) => (
            <li key={c.label} className="flex flex-wrap justify-between gap-x-3">
              <span>
                <strong>{c.label}</strong> · {c.reason}
              </span>
              <span className="tabular-nums">{formatMoney(c.cents)}</span>
            </li>
          ))}
        </ul>
      )}
      <CallAbout flags={site.flags} />
      {site.photos.length > 0 && (
        <div className="mt-2 border-t border-slate-200 pt-2">
          <p className="text-sm font-semibold text-slate-900">The customer’s photos</p>
          <SitePhotoLinks photos={site.photos} />
        </div>
      )}
    </Card>
  );
}
