import type { Config } from '@netlify/functions';
import { serviceAreaBody, settingsSectionName } from '../../src/lib/settings';
import { createCoupon, createServiceArea, createTruck, saveSettingsSection, settingsOverview, updateCoupon, updateServiceArea, updateTruck } from '../../src/lib/settings/index.server';
import { db } from '../../src/lib/db/index.server';
import { backupStatus } from '../../src/lib/backups/index.server';
import { recordId, parseJson, readJson } from '../../src/lib/http';
import { couponInput } from '../../src/lib/pricing';
import { adminRoute } from '../../src/lib/admin/index.server';
import { truckBody } from '../../src/lib/day';

// The collections before `:section`, so /service-areas, /coupons and /trucks are never read as a section.
export const config: Config = {
  path: [
    '/api/admin/settings',
    '/api/admin/settings/service-areas',
    '/api/admin/settings/service-areas/:id',
    '/api/admin/settings/coupons',
    '/api/admin/settings/coupons/:id',
    '/api/admin/settings/trucks',
    '/api/admin/settings/trucks/:id',
    '/api/admin/settings/:section',
  ],
};

/**
 * Business settings (owners only): profile, booking rules, deposit and payments, reminders, the
 * warehouse, the site rules (the customer's yard), service areas with ZIP codes, fees and tax, coupons and the trucks the day screen plans. Each section saves on its own, audited; a change that
 * static pages show asks for a rebuild.
 */
export default adminRoute(config, {
  params: { id: recordId, section: settingsSectionName },
  routes: {
    '/api/admin/settings': {
      // The daily backup's outcome beside the owner's export (Business profile), where the owner looks after their data.
      GET: {
        role: 'owner',
        run: async () => {
          const overview = await settingsOverview(db());
          return { ...overview, backups: await backupStatus(db(), new Date(), overview.settings.timezone) };
        },
      },
    },
    '/api/admin/settings/service-areas': {
      POST: { role: 'owner', run: async ({ req, audit }) => createServiceArea(db(), await parseJson(req, serviceAreaBody), audit) },
    },
    '/api/admin/settings/service-areas/:id': {
      PUT: { role: 'owner', run: async ({ req, params, audit }) => updateServiceArea(db(), params.id, await parseJson(req, serviceAreaBody), audit) },
    },
    '/api/admin/settings/coupons': {
      POST: { role: 'owner', run: async ({ req, audit }) => createCoupon(db(), await parseJson(req, couponInput), audit) },
    },
    '/api/admin/settings/coupons/:id': {
      PUT: { role: 'owner', run: async ({ req, params, audit }) => updateCoupon(db(), params.id, await parseJson(req, couponInput), audit) },
    },
    '/api/admin/settings/trucks': {
      POST: { role: 'owner', run: async ({ req, audit }) => createTruck(db(), await parseJson(req, truckBody), audit) },
    },
    '/api/admin/settings/trucks/:id': {
      PUT: { role: 'owner', run: async ({ req, params, audit }) => updateTruck(db(), params.id, await parseJson(req, truckBody), audit) },
    },
    // Each section has its own schema: the service picks it.
    '/api/admin/settings/:section': {
      PUT: { role: 'owner', run: async ({ req, params, audit }) => saveSettingsSection(db(), params.section, await readJson(req), audit) },
    },
  },
});
