import type { Config } from '@netlify/functions';
import { z } from '../../src/lib/validation/zod';
import { requestRebuild } from '../../src/lib/admin/publishing.server';
import { sectionLabels, serviceAreaBody, settingsSectionName } from '../../src/lib/admin/settings-admin';
import { listAllServiceAreas, listCoupons, saveCouponById, saveServiceAreaById, saveSettingsSection, settingsDto } from '../../src/lib/admin/settings-admin.server';
import { db } from '../../src/lib/db/client.server';
import { AppError } from '../../src/lib/http/errors';
import { adminRoute } from '../../src/lib/http/admin-route';
import { parseJson, readJson } from '../../src/lib/http/request';
import { stripeConfigured } from '../../src/lib/payments/stripe.server';
import { couponInput } from '../../src/lib/pricing/coupons.server';

export const config: Config = { path: ['/api/admin/settings', '/api/admin/settings/service-areas', '/api/admin/settings/service-areas/:id', '/api/admin/settings/coupons', '/api/admin/settings/coupons/:id', '/api/admin/settings/:section'] };

const notFound = () => new AppError('not_found', 'Not found.');
const idOf = (id: string | undefined) => {
  const parsed = z.uuid().safeParse(id);
  if (!parsed.success) throw notFound();
  return parsed.data;
};
/** Which collection a path names: 'service-areas' or 'coupons' (the routes above), with the id if any. */
const collectionOf = (url: URL) => /^\/api\/admin\/settings\/(service-areas|coupons)(?:\/|$)/.exec(url.pathname)?.[1] ?? null;

/**
 * Business settings (owners only): profile, booking rules, deposit and payments, service areas
 * with ZIP codes, fees and tax, and coupons. Each section saves on its own, audited; a change that
 * static pages show asks for a rebuild.
 */
export default adminRoute(config, {
  GET: {
    role: 'owner',
    run: async ({ url }) => {
      if (url.pathname.replace(/\/$/, '') !== '/api/admin/settings') throw notFound();
      const sql = db();
      const [settings, serviceAreas, coupons] = await Promise.all([settingsDto(sql), listAllServiceAreas(sql), listCoupons(sql)]);
      return { settings, serviceAreas, coupons, stripeConfigured: stripeConfigured() };
    },
  },
  PUT: {
    role: 'owner',
    run: async ({ req, url, params, audit }) => {
      const collection = collectionOf(url);
      if (collection === 'service-areas') {
        const id = idOf(params.id);
        const input = await parseJson(req, serviceAreaBody);
        return db().begin(async (tx) => {
          const { before, after } = await saveServiceAreaById(tx, id, input);
          await audit(tx, { action: 'service_area.update', entity: 'service_area', entityId: id, before, after });
          await requestRebuild(tx, `Service area ${after.city} changed`);
          return after;
        });
      }
      if (collection === 'coupons') {
        const id = idOf(params.id);
        const input = await parseJson(req, couponInput);
        return db().begin(async (tx) => {
          const { before, after } = await saveCouponById(tx, id, input);
          const action = before?.active && !after.active ? 'coupon.deactivate' : 'coupon.update';
          await audit(tx, { action, entity: 'coupon', entityId: id, before, after });
          return after;
        });
      }
      const section = settingsSectionName.safeParse(params.section);
      if (!section.success) throw notFound();
      const input = await readJson(req);
      return db().begin(async (tx) => {
        const saved = await saveSettingsSection(tx, section.data, input);
        await audit(tx, { action: `settings.${section.data}`, entity: 'business_settings', entityId: section.data, before: saved.before, after: saved.after });
        if (saved.pageFields.length > 0) await requestRebuild(tx, `${sectionLabels[section.data]} changed: ${saved.pageFields.join(', ')}`);
        return { section: section.data, values: saved.after, rebuild: saved.pageFields.length > 0 };
      });
    },
  },
  POST: {
    role: 'owner',
    run: async ({ req, url, params, audit }) => {
      const collection = collectionOf(url);
      if (!collection || params.id) throw notFound();
      if (collection === 'service-areas') {
        const input = await parseJson(req, serviceAreaBody);
        return db().begin(async (tx) => {
          const { after } = await saveServiceAreaById(tx, null, input);
          await audit(tx, { action: 'service_area.create', entity: 'service_area', entityId: after.id, before: null, after });
          await requestRebuild(tx, `Service area ${after.city} added`);
          return after;
        });
      }
      const input = await parseJson(req, couponInput);
      return db().begin(async (tx) => {
        const { after } = await saveCouponById(tx, null, input);
        await audit(tx, { action: 'coupon.create', entity: 'coupon', entityId: after.id, before: null, after });
        return after;
      });
    },
  },
});
