import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTls, verificationOptions } from './tls.server';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
const remote = 'postgres://u:p@db.example.com:6543/postgres';
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tls-unit-'));
  await writeFile(path.join(dir, 'ca.crt'), `${PEM}\n`);
  await writeFile(path.join(dir, 'not-a-cert.txt'), 'hello');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('databaseTls', () => {
  it('reads the CA from sslrootcert, and checks it under require as libpq does', () => {
    expect(databaseTls(`${remote}?sslmode=verify-full&sslrootcert=${path.join(dir, 'ca.crt')}`, undefined)).toEqual({ mode: 'verify-full', ca: `${PEM}\n` });
    expect(databaseTls(`${remote}?sslmode=require&sslrootcert=${path.join(dir, 'ca.crt')}`, undefined).mode).toBe('verify-ca');
    expect(databaseTls(`${remote}?sslmode=require`, undefined)).toEqual({ mode: 'require', ca: undefined });
  });

  it('takes DATABASE_CA_CERT over the file, with its line breaks written as \\n', () => {
    expect(databaseTls(`${remote}?sslmode=verify-full&sslrootcert=missing.crt`, PEM.replaceAll('\n', '\\n'))).toEqual({ mode: 'verify-full', ca: `${PEM}\n` });
    expect(() => databaseTls(`${remote}?sslmode=verify-full`, 'not a certificate')).toThrow(/DATABASE_CA_CERT is not a PEM certificate/);
  });

  it('finds a relative sslrootcert in the function’s folder on AWS Lambda, where included_files puts it', async () => {
    await mkdir(path.join(dir, 'supabase'), { recursive: true });
    await writeFile(path.join(dir, 'supabase', 'lambda-only.crt'), `${PEM}\n`);
    const url = `${remote}?sslmode=verify-full&sslrootcert=supabase/lambda-only.crt`;
    expect(() => databaseTls(url, undefined)).toThrow(/is not there/);
    process.env.LAMBDA_TASK_ROOT = dir;
    try {
      expect(databaseTls(url, undefined).ca).toBe(`${PEM}\n`);
    } finally {
      delete process.env.LAMBDA_TASK_ROOT;
    }
  });

  it('never connects unverified because a CA file is missing or wrong', () => {
    expect(() => databaseTls(`${remote}?sslmode=verify-full&sslrootcert=no/such.crt`, undefined)).toThrow(/sslrootcert file no\/such\.crt is not there .*included_files/);
    expect(() => databaseTls(`${remote}?sslmode=verify-full&sslrootcert=${path.join(dir, 'not-a-cert.txt')}`, undefined)).toThrow(/is not a PEM certificate/);
  });

  it('trusts Node’s public CAs only with sslrootcert=system', () => {
    expect(databaseTls(`${remote}?sslmode=verify-full&sslrootcert=system`, undefined)).toEqual({ mode: 'verify-full', ca: undefined });
  });
});

describe('verificationOptions', () => {
  it('checks the certificate from verify-ca on, and the host name only under verify-full', () => {
    expect(verificationOptions({ mode: 'require', ca: undefined })).toEqual({ rejectUnauthorized: false });
    const verifyCa = verificationOptions({ mode: 'verify-ca', ca: PEM });
    expect(verifyCa).toMatchObject({ rejectUnauthorized: true, ca: PEM });
    expect(verifyCa.checkServerIdentity?.('other.example.com', {} as never)).toBeUndefined();
    expect(verificationOptions({ mode: 'verify-full', ca: PEM })).toEqual({ rejectUnauthorized: true, ca: PEM });
  });
});
