import { startTwilioDouble } from './twilio-double';

/** The Twilio double as a process of its own, for the end-to-end and dev servers. */
const port = Number(process.env.TWILIO_DOUBLE_PORT ?? 12722);
const site = process.env.SITE_URL ?? 'http://localhost:4329';
const double = await startTwilioDouble({
  port,
  webhookUrl: `${site}/api/texts/inbound`,
  accountSid: process.env.TWILIO_ACCOUNT_SID,
  authToken: process.env.TWILIO_AUTH_TOKEN,
  from: process.env.TWILIO_FROM,
});
console.log(`Twilio double listening on ${double.url}`);
const stop = () => void double.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
