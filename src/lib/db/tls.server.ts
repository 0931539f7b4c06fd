import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import { effectiveSslMode, tlsRequestFromUrl, type SslMode } from '../config';

/** TLS for a database connection, as both drivers apply it. */
export interface DatabaseTls {
  mode: SslMode;
  /** The CA certificates (PEM) the server's must lead to; undefined: Node's public CAs. */
  ca: string | undefined;
}

/**
 * The TLS a DATABASE_URL asks for (see tls.ts), with its CA read: DATABASE_CA_CERT (the PEM text,
 * for hosts where a file is awkward) wins over the URL's `sslrootcert` file. A CA that cannot be
 * read is an error here, before any connection: verification never quietly falls back to none.
 */
export function databaseTls(databaseUrl: string, caCert: string | undefined = process.env.DATABASE_CA_CERT): DatabaseTls {
  const request = tlsRequestFromUrl(new URL(databaseUrl));
  const ca = caCert?.trim() ? pemText(caCert, 'DATABASE_CA_CERT') : request.rootCert && request.rootCert !== 'system' ? readRootCert(request.rootCert) : undefined;
  return { mode: effectiveSslMode(request.mode, ca !== undefined), ca };
}

/** The options of Node's `tls.connect` that decide what is trusted (the caller adds socket and host). */
export function verificationOptions({ mode, ca }: DatabaseTls): ConnectionOptions {
  const verify = mode === 'verify-ca' || mode === 'verify-full';
  return {
    // prefer and require encrypt without checking the certificate, as libpq does.
    rejectUnauthorized: verify,
    ...(ca ? { ca } : {}),
    // verify-ca: the chain must lead to the CA, whatever name the certificate carries.
    ...(mode === 'verify-ca' ? { checkServerIdentity: () => undefined } : {}),
  };
}

/** Netlify's form fields and .env files often carry a PEM's line breaks as the two characters \n. */
function pemText(value: string, source: string): string {
  const text = value.replace(/\\n/g, '\n').trim();
  if (!text.includes('-----BEGIN CERTIFICATE-----')) throw new Error(`${source} is not a PEM certificate (-----BEGIN CERTIFICATE----- …).`);
  return `${text}\n`;
}

/**
 * A relative `sslrootcert` is looked up from the working folder (the project, for the CLI and
 * `npm start`), then from the function's own folder on AWS Lambda (where Netlify runs functions,
 * and where netlify.toml's `included_files` puts the file).
 */
function readRootCert(file: string): string {
  const candidates = path.isAbsolute(file) ? [file] : [process.cwd(), process.env.LAMBDA_TASK_ROOT].filter((dir): dir is string => !!dir).map((dir) => path.resolve(dir, file));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(`DATABASE_URL: the sslrootcert file ${file} is not there (looked at ${candidates.join(', ')}); on Netlify it must be listed under included_files in netlify.toml.`);
  }
  return pemText(readFileSync(found, 'utf8'), `The sslrootcert file ${found}`);
}
