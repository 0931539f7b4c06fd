import { z } from '../validation';

/**
 * Every environment variable the server side reads, parsed once. A missing or malformed value
 * is a clear error at start, never a silent `process.env.X || ''`. `.env.example` documents them.
 */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Any PostgreSQL URL. Unset locally: `npm start` runs an embedded server and sets it. */
  DATABASE_URL: z
    .string({ error: 'DATABASE_URL is not set' })
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://'),
  /**
   * The CA (PEM text) the database's certificate must lead to, instead of DATABASE_URL's `sslrootcert`
   * file: for a CA that is not a file in the repository. Its line breaks may be written as \n.
   */
  DATABASE_CA_CERT: optionalText.pipe(z.string().includes('-----BEGIN CERTIFICATE-----', { error: 'DATABASE_CA_CERT must be a PEM certificate (-----BEGIN CERTIFICATE----- …)' }).optional()),
  /** Connections per function instance; Supabase's transaction pooler multiplexes them. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(50).default(5),
  /**
   * `true` only when DATABASE_URL reaches PostgreSQL directly (or a session-mode pooler): the driver
   * then keeps each query's plan per connection. A transaction-mode pooler (Supabase's port 6543)
   * cannot keep prepared statements, so the default is off; `npm start` turns it on for its embedded server.
   */
  DATABASE_PREPARED_STATEMENTS: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false'], { error: 'DATABASE_PREPARED_STATEMENTS is true or false' }).default('false')).transform((v) => v === 'true'),
  SITE_URL: z.url().default('http://localhost:4321'),
  /** Identifies the deployed build; Netlify's deploy id in production, set by `npm start` locally. */
  BUILD_ID: optionalText,
  /** Bookings one address may place per 10 minutes (a guard against scripted abuse). */
  BOOKING_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Booking lookups on /track-order (and payment pages opened from it) one address may make per 10 minutes: guessing numbers costs attempts. */
  LOOKUP_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Availability and live-price requests one address may make per 10 minutes (each, so a person browsing never meets it). */
  BROWSE_RATE_LIMIT: z.coerce.number().int().min(1).default(1200),
  /** Folder for the embedded database and the local mail outbox. */
  DATA_DIR: z.string().default('.data'),

  /** Stripe: without a secret key, bookings are placed as "deposit due" and confirmed by staff. */
  STRIPE_SECRET_KEY: optionalText.pipe(z.string().regex(/^(sk|rk)_(test|live)_/, 'STRIPE_SECRET_KEY must start with sk_test_, sk_live_ or rk_').optional()),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(z.string().regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must start with whsec_').optional()),
  /** Tests point the real SDK at a local double: http://127.0.0.1:12111 */
  STRIPE_API_BASE: optionalText.pipe(z.url().optional()),
  /**
   * How long one call to Stripe may take before it is given up (the SDK tries once more): a customer
   * waits at most twice this before hearing that the payment page could not be opened.
   */
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(25_000).default(10_000),

  /**
   * Text messages through Twilio's Programmable Messaging API (src/lib/texts). Unset: no consent is
   * asked and no text is queued or sent. TWILIO_FROM is the sending number (E.164) or a Messaging
   * Service SID (MG…); the auth token also checks the signature of Twilio's inbound webhook.
   */
  TWILIO_ACCOUNT_SID: optionalText.pipe(z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'TWILIO_ACCOUNT_SID starts with AC followed by 32 hexadecimal characters').optional()),
  TWILIO_AUTH_TOKEN: optionalText.pipe(z.string().min(16, 'TWILIO_AUTH_TOKEN is at least 16 characters').optional()),
  TWILIO_FROM: optionalText.pipe(z.string().regex(/^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/, 'TWILIO_FROM is a number in E.164 form (+15125550100) or a Messaging Service SID (MG…)').optional()),
  /** Tests only: a local double of Twilio's API, e.g. http://127.0.0.1:12722 */
  TWILIO_API_BASE: optionalText.pipe(z.url().optional()),

  /**
   * QuickBooks Online (issue #41, src/lib/accounting): the Intuit app's OAuth 2.0 keys (developer.intuit.com →
   * the app → Keys and credentials). Unset: Settings → Accounting says how to set them; nothing is queued.
   * QUICKBOOKS_TOKEN_KEY encrypts the stored tokens (AES-256-GCM): 32 bytes, base64 (`openssl rand -base64 32`).
   */
  QUICKBOOKS_CLIENT_ID: optionalText,
  QUICKBOOKS_CLIENT_SECRET: optionalText,
  QUICKBOOKS_TOKEN_KEY: optionalText.pipe(
    z.string().regex(/^[A-Za-z0-9+/]{43}=$/, 'QUICKBOOKS_TOKEN_KEY must be 32 bytes in base64 (openssl rand -base64 32)').optional(),
  ),
  /** `sandbox` (Intuit's sandbox companies) or `production`. */
  QUICKBOOKS_ENVIRONMENT: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['sandbox', 'production'], { error: 'QUICKBOOKS_ENVIRONMENT is sandbox or production' }).default('production')),
  /** Tests only: a local double of the Accounting API and of Intuit's OAuth server (tests/support/quickbooks-double.ts). */
  QUICKBOOKS_API_BASE: optionalText.pipe(z.url().optional()),
  QUICKBOOKS_OAUTH_BASE: optionalText.pipe(z.url().optional()),

  /** SMTP server URL (smtp://user:pass@host:587). Unset: every message is written to DATA_DIR/outbox as .eml. */
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  /** Where new-booking and form notices for staff go; defaults to the business e-mail in settings. */
  BUSINESS_NOTIFY_EMAIL: optionalText.pipe(z.email().optional()),

  /**
   * Supabase Storage for signed waiver PDFs and cake reference photos. Unset: files are kept on
   * local disk under DATA_DIR/storage. The service-role key never reaches the browser.
   */
  SUPABASE_URL: optionalText.pipe(z.url('SUPABASE_URL must be a URL, e.g. https://<ref>.supabase.co').optional()),
  SUPABASE_SERVICE_ROLE_KEY: optionalText,
  /** A private bucket (not public): files are served only through the API's access checks. */
  /**
   * Signs staff sessions (at least 32 characters; `openssl rand -base64 32`). `npm start` creates one
   * in DATA_DIR/auth-secret when unset; a deployed site must set it.
   */
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
  /**
   * Signs the human check's challenges on the public forms (at least 32 characters; `openssl rand
   * -base64 32`). `npm start` creates one in DATA_DIR/human-check-secret when unset; a deployed site
   * must set it. Changing it only makes challenges issued before the change fail once.
   */
  HUMAN_CHECK_SECRET: optionalText.pipe(z.string().min(32, 'HUMAN_CHECK_SECRET must be at least 32 characters').optional()),
  /** The first owner, created on a database with no staff user (otherwise owner@demo.local with a printed password). */
  ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional()),
  /**
   * `npm start` on an empty database: false (the default) seeds the demo business; true starts with
   * no demo, neutral starting settings and the owner's setup wizard (src/lib/setup).
   */
  START_EMPTY: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['true', 'false'], { error: 'START_EMPTY is true or false' }).default('false')).transform((v) => v === 'true'),
  /** Netlify build hook: called (debounced) when staff change what static pages show. */
  NETLIFY_BUILD_HOOK_URL: optionalText.pipe(z.url('NETLIFY_BUILD_HOOK_URL must be a URL').optional()),
  /**
   * The content editor (/admin/content). Locally it writes the content files in CONTENT_DIR (default
   * src/content; the build reads the same folder). Deployed, it commits them to CONTENT_GIT_REPO
   * (owner/name on GitHub) on CONTENT_GIT_BRANCH with CONTENT_GIT_TOKEN (a fine-grained token with
   * "Contents: read and write" on that repository only), and the commit rebuilds the site.
   */
  CONTENT_DIR: optionalText,
  CONTENT_GIT_REPO: optionalText.pipe(z.string().regex(/^[\w.-]+\/[\w.-]+$/, 'CONTENT_GIT_REPO is owner/name, e.g. acme/party-site').optional()),
  CONTENT_GIT_TOKEN: optionalText,
  CONTENT_GIT_BRANCH: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^[\w./-]+$/, 'CONTENT_GIT_BRANCH is a branch name').default('main')),
  /** Tests only: a local double of GitHub's REST API. */
  CONTENT_GIT_API: optionalText.pipe(z.url().optional()),
  SUPABASE_STORAGE_BUCKET: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^[a-z0-9][a-z0-9._-]{1,62}$/, 'SUPABASE_STORAGE_BUCKET must be a bucket name (lower-case letters, digits, dots, dashes)').default('documents')),
}).superRefine((e, ctx) => {
  if (e.SUPABASE_URL && !e.SUPABASE_SERVICE_ROLE_KEY) {
    ctx.addIssue({ code: 'custom', path: ['SUPABASE_SERVICE_ROLE_KEY'], message: 'is required when SUPABASE_URL is set (it lets the server write to Storage)' });
  }
  if (e.CONTENT_GIT_REPO && !e.CONTENT_GIT_TOKEN) {
    ctx.addIssue({ code: 'custom', path: ['CONTENT_GIT_TOKEN'], message: 'is required when CONTENT_GIT_REPO is set (the content editor commits with it)' });
  }
  const twilio = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    for (const [key, value] of [['TWILIO_ACCOUNT_SID', e.TWILIO_ACCOUNT_SID], ['TWILIO_AUTH_TOKEN', e.TWILIO_AUTH_TOKEN], ['TWILIO_FROM', e.TWILIO_FROM]] as const) {
      if (!value) ctx.addIssue({ code: 'custom', path: [key], message: 'is required with the other TWILIO_ variables (texts need the account, its token and a sender)' });
    }
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required when STRIPE_SECRET_KEY is set (the webhook confirms bookings)' });
  }
});
export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  return result.data;
}

let cached: Env | undefined;
/** The process environment, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
