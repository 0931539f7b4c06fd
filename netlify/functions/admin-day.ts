import type { Config } from '@netlify/functions';
import { syncAfterChanges } from '../../src/lib/accounting/index.server';
import { damageReportBody, dayQuery, routeOrderBody, truckAssignmentBody } from '../../src/lib/day';
import { damagePhoto, reportDamage, assignTruck, getDayRun, recordDoorPayment, saveRouteOrder } from '../../src/lib/day/index.server';
import { db } from '../../src/lib/db/index.server';
import { recordId, validationError, parseJson, parseQuery, readJson } from '../../src/lib/http';
import type { z } from '../../src/lib/validation';
import { fileStorage } from '../../src/lib/storage/index.server';
import type { StoredFile } from '../../src/lib/storage';
import { readSitePhoto } from '../../src/lib/site-photos/index.server';
import { rainOutBody } from '../../src/lib/rain-outs';
import { rainOutDay, rainOutsOfDay } from '../../src/lib/rain-outs/index.server';
import { crewWaiverSigning } from '../../src/lib/waivers';
import { signWaiverOnCrewDevice } from '../../src/lib/waivers/index.server';
import { sendOnTheWay } from '../../src/lib/customer-messages/index.server';
import { adminRoute } from '../../src/lib/admin/index.server';
import { paymentBody } from '../../src/lib/payments';

/** A damage report may carry a phone photo (shrunk to at most 4 MB in the screen, base64 in JSON). */
const DAMAGE_REPORT_MAX_BYTES = 6 * 1024 * 1024;

/** As the guests' own signing page: a drawn signature is a PNG of a few dozen KB; the guest list adds a little. */
const CREW_WAIVER_MAX_BYTES = 512 * 1024;

/** A photo from the private store, for staff only. */
function privatePhoto(photo: StoredFile): Response {
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      'content-type': photo.contentType,
      'cache-control': 'private, no-store',
      // Only ever an image sniffed on upload; never let the browser guess something else.
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  });
}

async function parseDamageReport(req: Request): Promise<z.infer<typeof damageReportBody>> {
  const result = damageReportBody.safeParse(await readJson(req, DAMAGE_REPORT_MAX_BYTES));
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * The day (crew and up): the date's drop-offs and pickups by truck, the truck a booking goes on, the
 * driving order, damage found on site, the customer's photos of the setup spot, waivers guests sign on the crew's phone, money collected at the door
 * (the same rule for every role: door-money.ts), "on the way" to a stop's customer, and rain-outs (managers
 * call a date off for the weather). Status moves and notes use the bookings function
 * (POST /api/admin/bookings/{id}/status and /notes), with its rules.
 */
export const config: Config = {
  path: [
    '/api/admin/day',
    '/api/admin/day/routes',
    '/api/admin/day/bookings/:id/truck',
    '/api/admin/day/bookings/:id/waivers',
    '/api/admin/day/bookings/:id/payments',
    '/api/admin/day/units/:unitId/damage-reports',
    '/api/admin/day/damage-reports/:id/photo',
    '/api/admin/day/site-photos/:id',
    '/api/admin/day/rain-outs',
    '/api/admin/day/bookings/:id/on-the-way',
  ],
};

export default syncAfterChanges(adminRoute(config, {
  params: { id: recordId, unitId: recordId },
  routes: {
    '/api/admin/day': {
      GET: { role: 'crew', run: ({ url }) => getDayRun(db(), parseQuery(url, dayQuery).date) },
    },
    '/api/admin/day/rain-outs': {
      GET: { role: 'crew', run: ({ url }) => rainOutsOfDay(db(), parseQuery(url, dayQuery).date) },
      POST: { role: 'manager', run: async ({ req, staff, audit }) => rainOutDay(db(), await parseJson(req, rainOutBody), staff, audit, new Date()) },
    },
    '/api/admin/day/routes': {
      PUT: { role: 'crew', run: async ({ req, audit }) => saveRouteOrder(db(), await parseJson(req, routeOrderBody), audit) },
    },
    '/api/admin/day/bookings/:id/truck': {
      PUT: { role: 'crew', run: async ({ req, params, audit }) => assignTruck(db(), params.id, (await parseJson(req, truckAssignmentBody)).truckId, audit) },
    },
    '/api/admin/day/bookings/:id/waivers': {
      POST: {
        role: 'crew',
        once: true,
        run: async ({ req, params, staff, audit, ip }) => {
          const parsed = crewWaiverSigning.safeParse(await readJson(req, CREW_WAIVER_MAX_BYTES));
          if (!parsed.success) throw validationError(parsed.error);
          const meta = { ipAddress: ip, userAgent: req.headers.get('user-agent') ?? '' };
          return Response.json(await signWaiverOnCrewDevice(db(), params.id, parsed.data, { staff, audit }, meta, new Date()), { status: 201 });
        },
      },
    },
    '/api/admin/day/bookings/:id/payments': {
      POST: { role: 'crew', once: true, run: async ({ req, params, staff, audit }) => recordDoorPayment(db(), params.id, await parseJson(req, paymentBody), staff, audit, new Date()) },
    },
    '/api/admin/day/bookings/:id/on-the-way': {
      POST: { role: 'crew', run: async ({ req, params, audit }) => sendOnTheWay(db(), params.id, (await parseJson(req, dayQuery)).date, audit, new Date()) },
    },
    '/api/admin/day/units/:unitId/damage-reports': {
      POST: {
        role: 'crew',
        once: true,
        run: async ({ req, params, staff, audit }) =>
          reportDamage(db(), fileStorage(), params.unitId, await parseDamageReport(req), staff, audit, new Date()),
      },
    },
    '/api/admin/day/damage-reports/:id/photo': {
      GET: {
        role: 'crew',
        run: async ({ params }) => {
          return privatePhoto(await damagePhoto(db(), fileStorage(), params.id));
        },
      },
    },
    // The customer's photos of the setup spot (issue #38): private like damage photos, for the crew and up.
    '/api/admin/day/site-photos/:id': {
      GET: { role: 'crew', run: async ({ params }) => privatePhoto(await readSitePhoto(db(), fileStorage(), params.id)) },
    },
  },
}));
