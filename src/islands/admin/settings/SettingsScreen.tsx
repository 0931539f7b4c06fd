import type { BusinessLogo, CouponDto, ServiceAreaDto } from '../../../lib/settings/index.server';
import { adminApi } from '../../../lib/paths';
import { useRecord } from '../shared/record-editor';
import { LoadState, ScreenHeader } from '../shared/ui';
import { NotAllowed } from '../shared/NotAllowed';
import { BookingRulesForm } from './BookingRulesForm';
import { ChangesForm } from './ChangesForm';
import { EmbedSettingsForm } from './EmbedForm';
import { EmbedSnippet } from './EmbedSnippet';
import { Coupons } from './Coupons';
import { LogoForm } from './LogoForm';
import { PaymentsForm } from './PaymentsForm';
import { ProfileForm } from './ProfileForm';
import { ProtectionForm } from './ProtectionForm';
import { RemindersForm } from './RemindersForm';
import { RemoveDemoFromSettings } from './RemoveDemo';
import { ExportEverything } from './ExportEverything';
import { DailyBackup } from './DailyBackup';
import type { BackupOverview } from '../../../lib/backups';
import { AccountingTab } from './accounting/AccountingTab';
import { SiteRulesForm, type ProductChoice } from './SiteRulesForm';
import { ServiceAreas } from './ServiceAreas';
import { TextsForm } from './TextsForm';
import { Trucks } from './Trucks';
import type { Settings } from './use-settings-form';
import { tabs, useSettingsTabs, type TabId } from './use-settings-tabs';
import { FilterSelect } from '../shared/filters';
import { WarehouseForm } from './WarehouseForm';
import type { TruckDto } from '../../../lib/day/index.server';

interface SettingsPayload {
  settings: { profile: Settings; booking: Settings; payments: Settings; reminders: Settings; warehouse: Settings; protection: Settings; changes: Settings; texts: Settings; site: Settings; embed: Settings; timezone: string; currency: string; logo: BusinessLogo };
  serviceAreas: ServiceAreaDto[];
  coupons: CouponDto[];
  trucks: TruckDto[];
  /** The catalog's products: the choices of the site rules' generator. */
  products: ProductChoice[];
  /** What the website widget's snippet may show: its products and categories (no cake, nothing hidden or empty). */
  embedChoices: { products: { slug: string; name: string }[]; categories: { slug: string; name: string }[] };
  stripeConfigured: boolean;
  /** Twilio is configured: the texts' quiet hours are shown with the reminders. */
  textsConfigured: boolean;
  /** The daily backup's last outcome. */
  backups: BackupOverview;
}

/** /admin/settings: one page, a tab per section; each section saves on its own (owners only). */
export default function SettingsScreen() {
  const { record: data, error, loading, setRecord, reload } = useRecord<SettingsPayload, SettingsPayload>(adminApi.settings.all, (d) => d);
  // A save answers with what it kept: the screen keeps that (a tab shows it when opened again), no reload.
  const keep = (change: Partial<SettingsPayload>) => data && setRecord({ ...data, ...change });
  const keepSection = (section: 'profile' | 'booking' | 'payments' | 'reminders' | 'warehouse' | 'protection' | 'changes' | 'texts' | 'site' | 'embed') => (values: Settings) =>
    data && setRecord({ ...data, settings: { ...data.settings, [section]: { ...data.settings[section], ...values } } });
  const { tab, choose, onKey } = useSettingsTabs();

  if (error?.code === 'forbidden') return <NotAllowed title="Settings" screen="Business settings" needs="owner" />;
  return (
    <>
      <ScreenHeader title="Settings" description="How the business runs: profile, booking rules, deposits, delivery areas, taxes, coupons, the customer’s yard and the booking widget for your other website. Each section saves on its own." />
      <LoadState loading={loading} error={error}>
        {data && (
          <>
            {/* On a phone the sections are one labelled select: the twelve tabs wrapped took the whole first screen
                at 375 px (the chosen section began below it), and a row scrolling sideways showed three of twelve. */}
            <div className="mb-4 sm:hidden">
              <FilterSelect label="Settings section" value={tab} options={tabs.map((t) => ({ value: t.id, label: t.label }))} onChange={(id) => choose(id as TabId)} />
            </div>
            <div role="tablist" aria-label="Settings sections" className="mb-4 hidden flex-wrap gap-1 border-b border-slate-300 sm:flex" onKeyDown={onKey}>
              {tabs.map((t) => (
                <button
                  key={t.id}
                  id={`tab-${t.id}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === t.id}
                  aria-controls={`panel-${t.id}`}
                  tabIndex={tab === t.id ? 0 : -1}
                  onClick={() => choose(t.id)}
                  className="-mb-px shrink-0 whitespace-nowrap rounded-t-lg border border-transparent px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-700 aria-selected:border-slate-300 aria-selected:border-b-white aria-selected:bg-white aria-selected:text-brand-900"
                >
                  {t.label}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
              {tab === 'profile' && (
                <div className="space-y-4">
                  <ProfileForm initial={data.settings.profile} onSaved={keepSection('profile')} />
                  <LogoForm initial={data.settings.logo} businessName={data.settings.profile.businessName} />
                  <RemoveDemoFromSettings />
                  <ExportEverything />
                  <DailyBackup status={data.backups} />
                </div>
              )}
              {tab === 'booking' && <BookingRulesForm initial={data.settings.booking} onSaved={keepSection('booking')} />}
              {tab === 'payments' && <PaymentsForm initial={data.settings.payments} onSaved={keepSection('payments')} stripeConfigured={data.stripeConfigured} currency={data.settings.currency} />}
              {tab === 'reminders' && (
                <div className="space-y-4">
                  <RemindersForm initial={data.settings.reminders} onSaved={keepSection('reminders')} timezone={data.settings.timezone} />
                  {data.textsConfigured && <TextsForm initial={data.settings.texts} onSaved={keepSection('texts')} timezone={data.settings.timezone} />}
                </div>
              )}
              {tab === 'areas' && <ServiceAreas areas={data.serviceAreas} currency={data.settings.currency} onSaved={(serviceAreas) => keep({ serviceAreas })} onApplied={reload} />}
              {tab === 'coupons' && <Coupons coupons={data.coupons} currency={data.settings.currency} onSaved={(coupons) => keep({ coupons })} />}
              {tab === 'site' && <SiteRulesForm initial={data.settings.site} products={data.products} onSaved={keepSection('site')} />}
              {tab === 'embed' && (
                <div className="space-y-4">
                  <EmbedSettingsForm initial={data.settings.embed} onSaved={keepSection('embed')} />
                  <EmbedSnippet products={data.embedChoices.products} categories={data.embedChoices.categories} spanish={data.settings.profile.offerSpanish} />
                </div>
              )}
              {tab === 'changes' && <ChangesForm initial={data.settings.changes} onSaved={keepSection('changes')} />}
              {tab === 'accounting' && <AccountingTab />}
              {tab === 'limits' && <ProtectionForm initial={data.settings.protection} onSaved={keepSection('protection')} />}
              {tab === 'day' && (
                <div className="space-y-4">
                  <WarehouseForm initial={data.settings.warehouse} onSaved={keepSection('warehouse')} />
                  <Trucks trucks={data.trucks} onSaved={(trucks) => keep({ trucks })} />
                </div>
              )}
            </div>
          </>
        )}
      </LoadState>
    </>
  );
}
