import path from 'node:path';
import { envSchema, tlsRequestFromUrl, unverifiedDatabaseTls } from '../config';
import { functionsWithoutRoute, type BundledFunction } from './function-routes';
import { adminPaths, publicApi } from '../paths';

/**
 * What a deploy to Netlify would lack, judged from what Netlify's bundler reports for the functions
 * and from the environment variables the deployed site would have. Pure: the CLI
 * (`npm run deploy:check`) gathers both and prints the answer.
 */

export interface DeployProblem {
  /** The function or variable concerned. */
  subject: string;
  problem: string;
  /** What to do or set, in one sentence. */
  fix: string;
}

export interface DeployReport {
  problems: DeployProblem[];
  /** How the deployed site would behave with these settings (payments, files, publishing). */
  notes: string[];
}

type Environment = Record<string, string | undefined>;

export interface DeployReadinessOptions {
  /** Whether every function's bundle carries this file (a path from the project root); unknown when absent. */
  bundlesCarry?: (file: string) => boolean;
}

/** The URL form the Supabase step of docs/operations.md (and the README's Deploy) gives: the transaction pooler, checked against Supabase's CA. */
const SUPABASE_DATABASE_URL = 'postgres://postgres.<ref>:<password>@aws-0-<region>.pooler.supabase.com:6543/postgres?sslmode=verify-full&sslrootcert=supabase/prod-ca-2021.crt';
const VERIFIED_TLS_FIX =
  'End it with ?sslmode=verify-full&sslrootcert=supabase/prod-ca-2021.crt (Supabase’s CA, shipped with the site and bundled with every function), or name your provider’s CA: sslrootcert=<a file in the repository> or its text in DATABASE_CA_CERT.';

const isSet = (env: Environment, name: string) => (env[name] ?? '').trim() !== '';
const LOCAL_HOSTS = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)$/;

export function deployReadiness(functions: BundledFunction[], env: Environment, options: DeployReadinessOptions = {}): DeployReport {
  const problems: DeployProblem[] = [];
  const notes: string[] = [];

  for (const name of functionsWithoutRoute(functions)) {
    problems.push({
      subject: `netlify/functions/${name}`,
      problem: 'Netlify’s bundler reads no route from its config, so once deployed its /api address answers 404.',
      fix: 'Write `export const config` with literal values only (the path list itself, not a variable holding it).',
    });
  }

  if (!isSet(env, 'DATABASE_URL')) {
    problems.push({
      subject: 'DATABASE_URL',
      problem: 'is not set: the build cannot read the catalog and no function can reach the database.',
      fix: `Set it to Supabase’s transaction pooler URL, ${SUPABASE_DATABASE_URL}.`,
    });
  } else if (/^postgres(ql)?:\/\/./.test(env.DATABASE_URL!) && URL.canParse(env.DATABASE_URL!)) {
    problems.push(...databaseTlsProblems(env, options));
  }

  if (!isSet(env, 'SITE_URL')) {
    problems.push({
      subject: 'SITE_URL',
      problem: 'is not set: links in e-mails, canonical addresses and the sitemap would point at http://localhost:4321.',
      fix: 'Set it to the public address of the site, e.g. https://www.example.com.',
    });
  } else if (URL.canParse(env.SITE_URL!)) {
    const site = new URL(env.SITE_URL!);
    if (LOCAL_HOSTS.test(site.hostname)) {
      problems.push({ subject: 'SITE_URL', problem: `is ${env.SITE_URL}, a local address.`, fix: 'Set it to the public address of the site, e.g. https://www.example.com.' });
    } else if (site.protocol !== 'https:') {
      problems.push({
        subject: 'SITE_URL',
        problem: `is ${env.SITE_URL}: staff sign-in needs https (its cookie is Secure) and Netlify serves every site over https.`,
        fix: `Set it to ${env.SITE_URL!.replace(/^http:/, 'https:')}.`,
      });
    }
  }

  if (!isSet(env, 'AUTH_SECRET')) {
    problems.push({
      subject: 'AUTH_SECRET',
      problem: 'is not set: staff could not sign in (a deployed site does not make one up).',
      fix: 'Set it to 32 or more random characters: openssl rand -base64 32.',
    });
  }

  if (!isSet(env, 'HUMAN_CHECK_SECRET')) {
    problems.push({
      subject: 'HUMAN_CHECK_SECRET',
      problem: 'is not set: bookings and every public form would be refused (their human check could not be signed).',
      fix: 'Set it to 32 or more random characters, other than AUTH_SECRET: openssl rand -base64 32.',
    });
  }

  if (!isSet(env, 'SMTP_URL')) {
    problems.push({
      subject: 'SMTP_URL',
      problem: 'is not set: confirmations, offers and staff notices would stay queued, never sent.',
      fix: 'Set it to your mail provider’s SMTP address, smtp://user:password@smtp.example.com:587.',
    });
  } else if (!/^smtps?:\/\/[^/]/.test(env.SMTP_URL!)) {
    problems.push({ subject: 'SMTP_URL', problem: 'is not an SMTP address.', fix: 'Write it as smtp://user:password@host:587 (or smtps://… on port 465).' });
  }

  if (isSet(env, 'STRIPE_WEBHOOK_SECRET') && !isSet(env, 'STRIPE_SECRET_KEY')) {
    problems.push({
      subject: 'STRIPE_SECRET_KEY',
      problem: 'is not set although STRIPE_WEBHOOK_SECRET is: payments stay off and the webhook answers 404.',
      fix: 'Set both (the key from Stripe’s API keys page), or neither to take bookings as "deposit due".',
    });
  }
  if (isSet(env, 'STRIPE_API_BASE')) {
    problems.push({ subject: 'STRIPE_API_BASE', problem: 'is set: Stripe calls would go to a test double, not Stripe.', fix: 'Remove it (it is for tests only).' });
  }

  if (isSet(env, 'TWILIO_API_BASE')) {
    problems.push({ subject: 'TWILIO_API_BASE', problem: 'is set: texts would go to a test double, not Twilio.', fix: 'Remove it (it is for tests only).' });
  }

  if (isSet(env, 'DATABASE_CA_CERT')) {
    notes.push(`Database CA: DATABASE_CA_CERT, ${env.DATABASE_CA_CERT!.length} of the 4 KB AWS Lambda allows for all of a function’s variables together.`);
  }

  // Every remaining rule of the site's own schema (formats, lengths, pairs), once per variable.
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const subject = issue.path.join('.');
      if (problems.some((p) => p.subject === subject)) continue;
      problems.push({ subject, problem: issue.message.startsWith(subject) ? issue.message.slice(subject.length).trim() : issue.message, fix: `Correct ${subject} (see .env.example).` });
    }
  }

  notes.push(
    isSet(env, 'SUPABASE_URL')
      ? `Files (waiver PDFs, photos): Supabase Storage, bucket "${env.SUPABASE_STORAGE_BUCKET || 'documents'}".`
      : 'Files (waiver PDFs, photos): Netlify Blobs, which needs no setting.',
  );
  notes.push(
    isSet(env, 'STRIPE_SECRET_KEY')
      ? `Payments: Stripe (${env.STRIPE_SECRET_KEY!.includes('_live_') ? 'live' : 'test'} mode); the webhook is https://<your site>${publicApi.stripeWebhook}.`
      : 'Payments: none online; bookings are taken as "deposit due" and staff collect the deposit.',
  );
  notes.push(
    isSet(env, 'NETLIFY_BUILD_HOOK_URL')
      ? 'Publishing: staff changes to the catalog rebuild the site through the build hook.'
      : 'Publishing: no NETLIFY_BUILD_HOOK_URL, so staff changes reach the public pages at the next deploy only.',
  );
  notes.push(
    isSet(env, 'CONTENT_GIT_REPO')
      ? `Content editor: saves are commits to ${env.CONTENT_GIT_REPO} (branch ${env.CONTENT_GIT_BRANCH || 'main'}), which Netlify builds.`
      : `Content editor: no CONTENT_GIT_REPO, so ${adminPaths.content} can show the content but not save it (set it and CONTENT_GIT_TOKEN).`,
  );
  const routed = functions.filter((fn) => (fn.routes ?? []).length > 0).length;
  const scheduled = functions.filter((fn) => fn.schedule).map((fn) => fn.name);
  notes.unshift(`Functions: ${routed} of ${functions.length} routed${scheduled.length ? `, scheduled: ${scheduled.join(', ')}` : ''}.`);
  return { problems, notes };
}

/**
 * A remote database is reached across networks Netlify and Supabase do not own: only `verify-full`
 * against a CA keeps customer data and staff password hashes private and the database genuine, and
 * the CA file the URL names must reach every function.
 */
function databaseTlsProblems(env: Environment, { bundlesCarry }: DeployReadinessOptions): DeployProblem[] {
  const url = env.DATABASE_URL!;
  let weakness: string | null;
  let rootCert: string | undefined;
  try {
    weakness = unverifiedDatabaseTls(url, isSet(env, 'DATABASE_CA_CERT'));
    rootCert = tlsRequestFromUrl(new URL(url)).rootCert;
  } catch (error) {
    return [{ subject: 'DATABASE_URL', problem: (error as Error).message.replace(/^DATABASE_URL: /, ''), fix: VERIFIED_TLS_FIX }];
  }
  if (weakness) return [{ subject: 'DATABASE_URL', problem: weakness, fix: VERIFIED_TLS_FIX }];
  if (!rootCert || rootCert === 'system' || isSet(env, 'DATABASE_CA_CERT')) return [];
  const fix = 'Keep the CA in the repository, list it under included_files in netlify.toml’s [functions] and name it from the project root (as supabase/prod-ca-2021.crt), or give its text as DATABASE_CA_CERT.';
  if (path.isAbsolute(rootCert)) {
    return [{ subject: 'DATABASE_URL', problem: `names sslrootcert=${rootCert}, a file on this computer, which Netlify’s functions cannot read: they would refuse to connect.`, fix }];
  }
  if (bundlesCarry && !bundlesCarry(rootCert)) {
    return [{ subject: 'DATABASE_URL', problem: `names sslrootcert=${rootCert}, which not every function’s bundle carries: those functions would refuse to connect.`, fix }];
  }
  return [];
}

/** The report as the terminal shows it. */
export function formatDeployReport(report: DeployReport): string {
  const lines = report.notes.map((note) => `  ${note}`);
  if (report.problems.length === 0) return ['Ready to deploy.', ...lines].join('\n');
  return [
    `Not ready to deploy: ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}.`,
    ...report.problems.map((p) => `  ✗ ${p.subject} ${p.problem}\n    → ${p.fix}`),
    '',
    'With these settings:',
    ...lines,
  ].join('\n');
}
