import { describe, expect, it } from 'vitest';
import { deployReadiness, formatDeployReport } from './deploy-readiness';
import type { BundledFunction } from './function-routes';

const functions: BundledFunction[] = [
  { name: 'health', routes: [{ pattern: '/api/health', literal: '/api/health' }] },
  { name: 'housekeeping', routes: [], schedule: '*/5 * * * *' },
];
const ready = {
  DATABASE_URL: 'postgres://postgres.ref:pw@aws-0-us-east-1.pooler.supabase.com:6543/postgres?sslmode=verify-full&sslrootcert=supabase/prod-ca-2021.crt',
  SITE_URL: 'https://www.pinkflamingo.example',
  AUTH_SECRET: 'x'.repeat(32),
  HUMAN_CHECK_SECRET: 'y'.repeat(32),
  SMTP_URL: 'smtp://user:pw@smtp.example.com:587',
};
const subjects = (env: Record<string, string | undefined>, fns = functions) => deployReadiness(fns, env).problems.map((p) => p.subject);

describe('deployReadiness', () => {
  it('is ready with the five production variables, on Netlify Blobs and without Stripe', () => {
    const report = deployReadiness(functions, ready);
    expect(report.problems).toEqual([]);
    expect(report.notes.join('\n')).toMatch(/Functions: 1 of 2 routed, scheduled: housekeeping/);
    expect(report.notes.join('\n')).toMatch(/Netlify Blobs/);
    expect(report.notes.join('\n')).toMatch(/Content editor: no CONTENT_GIT_REPO/);
    expect(formatDeployReport(report)).toMatch(/^Ready to deploy\./);
  });

  it('names each missing production variable with what to set', () => {
    const report = deployReadiness(functions, {});
    expect(report.problems.map((p) => p.subject)).toEqual(['DATABASE_URL', 'SITE_URL', 'AUTH_SECRET', 'HUMAN_CHECK_SECRET', 'SMTP_URL']);
    expect(report.problems.every((p) => p.fix.length > 10)).toBe(true);
    expect(formatDeployReport(report)).toMatch(/^Not ready to deploy: 5 problems\.\n {2}✗ DATABASE_URL is not set/);
  });

  it('names a function Netlify would deploy without a route', () => {
    const unrouted = [...functions, { name: 'admin-products', routes: [] }];
    expect(subjects(ready, unrouted)).toEqual(['netlify/functions/admin-products']);
  });

  it('refuses a local or plain-http SITE_URL, a short AUTH_SECRET or HUMAN_CHECK_SECRET and a non-SMTP mail address', () => {
    expect(subjects({ ...ready, SITE_URL: 'http://localhost:4321' })).toEqual(['SITE_URL']);
    expect(deployReadiness(functions, { ...ready, SITE_URL: 'http://www.example.com' }).problems[0]!.fix).toBe('Set it to https://www.example.com.');
    expect(subjects({ ...ready, AUTH_SECRET: 'short' })).toEqual(['AUTH_SECRET']);
    expect(subjects({ ...ready, HUMAN_CHECK_SECRET: 'short' })).toEqual(['HUMAN_CHECK_SECRET']);
    expect(subjects({ ...ready, SMTP_URL: 'mail.example.com' })).toEqual(['SMTP_URL']);
    expect(subjects({ ...ready, DATABASE_URL: 'mysql://x' })).toEqual(['DATABASE_URL']);
  });

  it('refuses a remote database reached without verified TLS, saying what would leak, and gives the URL that works', () => {
    const pooler = 'postgres://postgres.ref:pw@aws-0-us-east-1.pooler.supabase.com:6543/postgres';
    const problem = (url: string, extra: Record<string, string> = {}) => {
      const found = deployReadiness(functions, { ...ready, DATABASE_URL: url, ...extra }).problems;
      expect(found.map((p) => p.subject)).toEqual(['DATABASE_URL']);
      return `${found[0]!.problem} → ${found[0]!.fix}`;
    };
    expect(problem(pooler)).toMatch(/^has no sslmode: customer data and staff password hashes would cross the network .* in clear text\. → End it with \?sslmode=verify-full&sslrootcert=supabase\/prod-ca-2021\.crt/);
    expect(problem(`${pooler}?sslmode=disable`)).toMatch(/^has sslmode=disable: .*clear text/);
    expect(problem(`${pooler}?sslmode=require`)).toMatch(/^has sslmode=require: encrypted, but the server's certificate is not checked/);
    expect(problem(`${pooler}?sslmode=prefer`)).toMatch(/certificate is not checked/);
    expect(problem(`${pooler}?sslmode=require&sslrootcert=supabase/prod-ca-2021.crt`)).toMatch(/with a CA: the certificate is checked but not that it is/);
    expect(problem(`${pooler}?sslmode=verify-ca`, { DATABASE_CA_CERT: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----' })).toMatch(/verify-ca/);
    expect(problem(`${pooler}?sslmode=verify-full`)).toMatch(/names no CA/);
    expect(problem(`${pooler}?sslmode=sometimes`)).toMatch(/^unknown sslmode "sometimes"/);
  });

  it('accepts verify-full with a CA from the repository, DATABASE_CA_CERT or the public CAs, and a database on this machine without TLS', () => {
    const pooler = 'postgres://postgres.ref:pw@aws-0-us-east-1.pooler.supabase.com:6543/postgres';
    expect(subjects(ready)).toEqual([]);
    const withCaText = deployReadiness(functions, { ...ready, DATABASE_URL: `${pooler}?sslmode=verify-full`, DATABASE_CA_CERT: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----' });
    expect(withCaText.problems).toEqual([]);
    expect(withCaText.notes.join('\n')).toMatch(/DATABASE_CA_CERT, \d+ of the 4 KB AWS Lambda allows/);
    expect(subjects({ ...ready, DATABASE_URL: `${pooler}?sslmode=verify-full&sslrootcert=system` })).toEqual([]);
    expect(subjects({ ...ready, DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:5432/postgres' })).toEqual([]);
    expect(subjects({ ...ready, DATABASE_URL: `${pooler}?sslmode=verify-full`, DATABASE_CA_CERT: 'not a certificate' })).toEqual(['DATABASE_CA_CERT']);
  });

  it('wants the CA file the URL names in every function’s bundle', () => {
    const pooler = 'postgres://postgres.ref:pw@aws-0-us-east-1.pooler.supabase.com:6543/postgres?sslmode=verify-full';
    const carried = (file: string) => file === 'supabase/prod-ca-2021.crt';
    expect(deployReadiness(functions, ready, { bundlesCarry: carried }).problems).toEqual([]);
    const missing = deployReadiness(functions, { ...ready, DATABASE_URL: `${pooler}&sslrootcert=certs/provider.crt` }, { bundlesCarry: carried }).problems;
    expect(missing.map((p) => `${p.subject} ${p.problem}`)).toEqual(['DATABASE_URL names sslrootcert=certs/provider.crt, which not every function’s bundle carries: those functions would refuse to connect.']);
    expect(missing[0]!.fix).toMatch(/included_files in netlify\.toml/);
    const absolute = deployReadiness(functions, { ...ready, DATABASE_URL: `${pooler}&sslrootcert=/home/me/ca.crt` }).problems;
    expect(absolute[0]!.problem).toMatch(/a file on this computer, which Netlify’s functions cannot read/);
  });

  it('wants Stripe’s key and webhook secret together, and no test double', () => {
    expect(subjects({ ...ready, STRIPE_SECRET_KEY: 'sk_live_abc' })).toEqual(['STRIPE_WEBHOOK_SECRET']);
    expect(subjects({ ...ready, STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toEqual(['STRIPE_SECRET_KEY']);
    expect(subjects({ ...ready, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toEqual(['STRIPE_API_BASE']);
    const live = deployReadiness(functions, { ...ready, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' });
    expect(live.problems).toEqual([]);
    expect(live.notes.join('\n')).toMatch(/Stripe \(live mode\)/);
  });

  it('wants all three of Twilio’s variables or none, each well formed, and no test double', () => {
    const twilio = { TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'a'.repeat(32), TWILIO_FROM: '+15125550100' };
    expect(subjects({ ...ready, ...twilio })).toEqual([]);
    expect(subjects({ ...ready, ...twilio, TWILIO_FROM: `MG${'1'.repeat(32)}` })).toEqual([]);
    expect(subjects({ ...ready, TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID })).toEqual(['TWILIO_AUTH_TOKEN', 'TWILIO_FROM']);
    expect(subjects({ ...ready, ...twilio, TWILIO_FROM: '512-555-0100' })).toEqual(['TWILIO_FROM']);
    expect(subjects({ ...ready, ...twilio, TWILIO_API_BASE: 'http://127.0.0.1:12722' })).toEqual(['TWILIO_API_BASE']);
  });

  it('wants the token with the content editor’s repository, and says where saves go', () => {
    expect(subjects({ ...ready, CONTENT_GIT_REPO: 'acme/party-site' })).toEqual(['CONTENT_GIT_TOKEN']);
    const content = deployReadiness(functions, { ...ready, CONTENT_GIT_REPO: 'acme/party-site', CONTENT_GIT_TOKEN: 'github_pat_x', CONTENT_GIT_BRANCH: 'site' });
    expect(content.problems).toEqual([]);
    expect(content.notes.join('\n')).toMatch(/Content editor: saves are commits to acme\/party-site \(branch site\)/);
  });

  it('wants the service-role key with Supabase Storage', () => {
    expect(subjects({ ...ready, SUPABASE_URL: 'https://ref.supabase.co' })).toEqual(['SUPABASE_SERVICE_ROLE_KEY']);
    const supabase = deployReadiness(functions, { ...ready, SUPABASE_URL: 'https://ref.supabase.co', SUPABASE_SERVICE_ROLE_KEY: 'key' });
    expect(supabase.problems).toEqual([]);
    expect(supabase.notes.join('\n')).toMatch(/Supabase Storage, bucket "documents"/);
  });
});
