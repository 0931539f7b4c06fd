import type { Config } from '@netlify/functions';
import { creditCodeCheck, creditCodeRequest } from '../../src/lib/credits';
import { creditCodeLimits, requestCreditCode, verifyCreditCode } from '../../src/lib/credits/index.server';
import { db } from '../../src/lib/db/index.server';
import { requestLanguage } from '../../src/lib/i18n';
import { clientIp, handler, parseJson } from '../../src/lib/http';
import { rateLimit } from '../../src/lib/http/index.server';

/**
 * Using credit at checkout. POST /api/credit-code {email}: e-mails a 6-digit code when that e-mail has
 * credit; the answer is the same either way. POST /api/credit-code/verify {email, code}: the credit
 * available and a signed grant the booking request carries. Both counted per address before the body is read.
 */
export default handler(['POST'], async (req, context) => {
  const now = new Date();
  const ip = clientIp(req, context);
  if (new URL(req.url).pathname.endsWith('/verify')) {
    const { checksPerAddress } = creditCodeLimits;
    await rateLimit(db(), `credit-code-check:${ip}`, checksPerAddress.limit, checksPerAddress.windowSeconds, now);
    const { email, code } = await parseJson(req, creditCodeCheck);
    return Response.json(await verifyCreditCode(db(), email, code, now));
  }
  const { perAddress } = creditCodeLimits;
  await rateLimit(db(), `credit-code:${ip}`, perAddress.limit, perAddress.windowSeconds, now);
  const { email } = await parseJson(req, creditCodeRequest);
  return Response.json(await requestCreditCode(db(), email, now, context.waitUntil?.bind(context), requestLanguage(req)), { status: 202 });
});

export const config: Config = { path: ['/api/credit-code', '/api/credit-code/verify'] };
