import { describe, expect, it } from 'vitest';
import { effectiveSslMode, isLocalDatabaseHost, tlsRequestFromUrl, unverifiedDatabaseTls, withoutTlsParameters } from './database-tls';

const supabase = 'postgres://postgres.ref:pw@aws-0-us-east-1.pooler.supabase.com:6543/postgres';

describe('tlsRequestFromUrl', () => {
  const request = (query: string) => tlsRequestFromUrl(new URL(`${supabase}${query}`));

  it('reads sslmode as libpq names it (plain text when absent), and refuses what it does not know', () => {
    expect(request('').mode).toBe('disable');
    expect(request('?sslmode=allow').mode).toBe('prefer');
    expect(request('?sslmode=prefer').mode).toBe('prefer');
    expect(request('?sslmode=require').mode).toBe('require');
    expect(request('?sslmode=verify-ca').mode).toBe('verify-ca');
    expect(request('?sslmode=verify-full&sslrootcert=supabase/prod-ca-2021.crt')).toEqual({ mode: 'verify-full', rootCert: 'supabase/prod-ca-2021.crt' });
    expect(request('?ssl=true').mode).toBe('verify-full');
    expect(() => request('?sslmode=sometimes')).toThrow(/unknown sslmode "sometimes"/);
  });

  it('refuses client certificates and public CAs without the host name check', () => {
    expect(() => request('?sslmode=verify-full&sslcert=client.crt')).toThrow(/sslcert is not supported/);
    expect(() => request('?sslmode=require&sslrootcert=system')).toThrow(/sslrootcert=system needs sslmode=verify-full/);
    expect(request('?sslmode=verify-full&sslrootcert=system').rootCert).toBe('system');
  });
});

describe('effectiveSslMode', () => {
  it('checks the CA under require when one is given, as libpq does', () => {
    expect(effectiveSslMode('require', true)).toBe('verify-ca');
    expect(effectiveSslMode('require', false)).toBe('require');
    expect(effectiveSslMode('verify-full', true)).toBe('verify-full');
    expect(effectiveSslMode('prefer', true)).toBe('prefer');
  });
});

describe('withoutTlsParameters', () => {
  it('leaves the drivers a URL without the TLS parameters and keeps the rest', () => {
    expect(withoutTlsParameters(`${supabase}?sslmode=verify-full&sslrootcert=ca.crt&application_name=site`)).toBe(`${supabase}?application_name=site`);
    expect(withoutTlsParameters(supabase)).toBe(supabase);
  });
});

describe('isLocalDatabaseHost', () => {
  it('is this machine only', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '']) expect(isLocalDatabaseHost(host), host).toBe(true);
    for (const host of ['db.example.com', '10.0.0.5', '0.0.0.0', 'localhost.example.com', '[::2]']) expect(isLocalDatabaseHost(host), host).toBe(false);
  });
});

describe('unverifiedDatabaseTls', () => {
  it('accepts a remote database only with verify-full and a CA', () => {
    expect(unverifiedDatabaseTls(`${supabase}?sslmode=verify-full&sslrootcert=supabase/prod-ca-2021.crt`, false)).toBeNull();
    expect(unverifiedDatabaseTls(`${supabase}?sslmode=verify-full`, true)).toBeNull();
    expect(unverifiedDatabaseTls(`${supabase}?sslmode=verify-full&sslrootcert=system`, false)).toBeNull();
  });

  it('says what each weaker setting would give away', () => {
    expect(unverifiedDatabaseTls(supabase, false)).toMatch(/^has no sslmode: .*clear text/);
    expect(unverifiedDatabaseTls(`${supabase}?sslmode=disable`, false)).toMatch(/^has sslmode=disable: .*clear text/);
    expect(unverifiedDatabaseTls(`${supabase}?sslmode=prefer`, false)).toMatch(/^has sslmode=prefer: .*not checked/);
    expect(unverifiedDatabaseTls(`${supabase}?sslmode=require`, false)).toMatch(/^has sslmode=require: .*pose as the database/);
    expect(unverifiedDatabaseTls(`${supabase}?sslmode=require&sslrootcert=ca.crt`, false)).toMatch(/^has sslmode=require with a CA: .*not that it is aws-0-us-east-1\.pooler\.supabase\.com's/);
    expect(unverifiedDatabaseTls(`${supabase}?sslmode=verify-ca`, true)).toMatch(/^has sslmode=verify-ca with a CA/);
    expect(unverifiedDatabaseTls(`${supabase}?sslmode=verify-full`, false)).toMatch(/^has sslmode=verify-full but names no CA/);
  });

  it('asks nothing of a database on this machine', () => {
    expect(unverifiedDatabaseTls('postgres://postgres:postgres@127.0.0.1:5432/postgres', false)).toBeNull();
    expect(unverifiedDatabaseTls('postgres://postgres:postgres@localhost/postgres?sslmode=disable', false)).toBeNull();
  });
});
