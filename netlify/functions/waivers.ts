import { randomUUID } from 'node:crypto';
import type { Config } from '@netlify/functions';
import { db } from '../../src/lib/db/index.server';
import { waiverSigning } from '../../src/lib/waivers';
import { handler, clientIp, readJson } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';
import { checkedForm } from '../../src/lib/human-check/index.server';
import { pdfUrlPath, signWaiver } from '../../src/lib/waivers/index.server';

/** A drawn signature is a PNG of a few dozen KB; the guest list adds a little. */
const MAX_WAIVER_BODY_BYTES = 512 * 1024;

export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const ip = clientIp(req, context);
  // Generous: at a party, every guest signs from the same Wi-Fi.
  await rateLimit(db(), `waivers:${ip}`, 40, 600, now);
  const form = await checkedForm(db(), await readJson(req, MAX_WAIVER_BODY_BYTES), waiverSigning, now);
  if (form.spam) {
    const id = randomUUID();
    return Response.json({ waiverId: id, bookingNumber: '', signerName: '', signedAt: now.toISOString(), textSha256: '', pdfUrl: pdfUrlPath(id, randomUUID()), copyEmailed: true }, { status: 201 });
  }
  const { signed, replay } = await signWaiver(db(), form.data, { ipAddress: ip, userAgent: req.headers.get('user-agent') ?? '' }, now);
  return Response.json(signed, { status: replay ? 200 : 201 });
});

export const config: Config = { path: '/api/waivers' };
