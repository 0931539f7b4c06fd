/**
 * How a connection URL asks for TLS, in libpq's words, and what that request is worth. Both
 * database connections (the site's postgres.js pool and staff sign-in's node-postgres pool) read
 * it from the same DATABASE_URL, so a URL means the same to both, and to psql. Pure: reading the
 * CA file is tls.server.ts's job.
 *
 * - `sslmode`: `disable` (the default: plain text), `allow`/`prefer` (TLS if the server offers it,
 *   certificate unchecked), `require` (TLS, certificate unchecked: anyone between the site and the
 *   database can pose as it), `verify-ca` (the certificate must lead to the CA), `verify-full` (that,
 *   and it must name the host in the URL). postgres.js's `ssl=true` is read as `verify-full`.
 * - `sslrootcert`: the CA file (PEM) to check against, or `system` for Node's public CAs. As in
 *   libpq, `require` with a CA checks it as `verify-ca` does.
 */
export type SslMode = 'disable' | 'prefer' | 'require' | 'verify-ca' | 'verify-full';

export interface TlsRequest {
  mode: SslMode;
  /** `sslrootcert` as written: a file, `system`, or nothing. */
  rootCert: string | undefined;
}

/** The query parameters this module reads; neither driver may see them (postgres.js would send them to the server). */
const TLS_PARAMETERS = ['sslmode', 'ssl', 'sslrootcert'];
/** Client certificates: libpq parameters the site does not support, refused rather than ignored. */
const UNSUPPORTED_PARAMETERS = ['sslcert', 'sslkey', 'sslpassword', 'sslcrl', 'sslnegotiation'];

export function tlsRequestFromUrl(url: URL): TlsRequest {
  const unsupported = UNSUPPORTED_PARAMETERS.find((name) => url.searchParams.has(name));
  if (unsupported) throw new Error(`DATABASE_URL: ${unsupported} is not supported (TLS takes sslmode and sslrootcert).`);
  const asked = (url.searchParams.get('sslmode') ?? url.searchParams.get('ssl') ?? 'disable').toLowerCase();
  const rootCert = url.searchParams.get('sslrootcert') || undefined;
  const mode = sslModeNamed(asked);
  if (rootCert === 'system' && mode !== 'verify-full') {
    // As libpq 16: any public CA can sign for any name, so only the host name check makes them worth trusting.
    throw new Error(`DATABASE_URL: sslrootcert=system needs sslmode=verify-full (it is ${asked}).`);
  }
  return { mode, rootCert };
}

function sslModeNamed(asked: string): SslMode {
  if (asked === 'disable' || asked === 'false') return 'disable';
  if (asked === 'allow' || asked === 'prefer') return 'prefer';
  if (asked === 'require' || asked === 'no-verify') return 'require';
  if (asked === 'verify-ca') return 'verify-ca';
  if (asked === 'verify-full' || asked === 'true') return 'verify-full';
  throw new Error(`DATABASE_URL: unknown sslmode "${asked}" (disable, prefer, require, verify-ca or verify-full)`);
}

/** `require` with a CA to check against is `verify-ca`, as libpq has it. */
export function effectiveSslMode(mode: SslMode, hasCa: boolean): SslMode {
  return mode === 'require' && hasCa ? 'verify-ca' : mode;
}

/** The URL without its TLS parameters, for the drivers, which are given TLS as options instead. */
export function withoutTlsParameters(url: string): string {
  const parsed = new URL(url);
  if (!TLS_PARAMETERS.some((name) => parsed.searchParams.has(name))) return url;
  for (const name of TLS_PARAMETERS) parsed.searchParams.delete(name);
  return parsed.toString();
}

/** This machine (a URL naming no host reaches the local server's socket). */
export function isLocalDatabaseHost(hostname: string): boolean {
  return hostname === '' || hostname === 'localhost' || hostname === '[::1]' || hostname === '::1' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * Why a connection to this URL would not be private and authenticated across a network (in a
 * sentence completing "DATABASE_URL …"), or null when it is: the database on this machine, or
 * `verify-full` against a CA the URL names (`sslrootcert`) or DATABASE_CA_CERT gives.
 */
export function unverifiedDatabaseTls(databaseUrl: string, caCertGiven: boolean): string | null {
  const url = new URL(databaseUrl);
  if (isLocalDatabaseHost(url.hostname)) return null;
  const request = tlsRequestFromUrl(url);
  const hasCa = caCertGiven || request.rootCert !== undefined;
  const mode = effectiveSslMode(request.mode, hasCa);
  const host = url.hostname;
  switch (mode) {
    case 'disable':
      return `${url.searchParams.has('sslmode') || url.searchParams.has('ssl') ? 'has sslmode=disable' : 'has no sslmode'}: customer data and staff password hashes would cross the network to ${host} in clear text.`;
    case 'prefer':
    case 'require':
      return `has sslmode=${url.searchParams.get('sslmode') ?? 'require'}: encrypted, but the server's certificate is not checked, so anyone between the site and ${host} can pose as the database and read everything.`;
    case 'verify-ca':
      return `has sslmode=${url.searchParams.get('sslmode')} with a CA: the certificate is checked but not that it is ${host}'s, so any server holding a certificate from that CA passes.`;
    case 'verify-full':
      return hasCa ? null : 'has sslmode=verify-full but names no CA: Node checks the certificate against the public CAs, which Supabase’s own CA is not one of, so the connection would be refused.';
  }
}
