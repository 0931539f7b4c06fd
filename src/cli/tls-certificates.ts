import { execFile, execFileSync } from 'node:child_process';
import { chmod, chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Throwaway certificates made with the openssl command for a test run, as a database host has them:
 * a CA, a server certificate it signed for one name, and a second CA that signed nothing the server
 * holds (the "wrong CA"). Files are readable by the `postgres` user a root run starts PostgreSQL and
 * PgBouncer as; PostgreSQL also wants the key to be its own and private.
 */
export interface TestCertificates {
  dir: string;
  /** The CA that signed the server's certificate (PEM file, and its text). */
  caFile: string;
  ca: string;
  /** Another CA, which signed nothing the server holds. */
  wrongCaFile: string;
  wrongCa: string;
  /** The server's certificate, for `serverName` only, and its key. */
  certFile: string;
  keyFile: string;
  remove(): Promise<void>;
}

const openssl = async (args: string[]) => {
  await promisify(execFile)('openssl', args).catch((error: unknown) => {
    throw new Error('The TLS tests make their certificates with the openssl command (apt-get install openssl).', { cause: error });
  });
};

/** EC keys: made in milliseconds, and accepted by PostgreSQL, PgBouncer and Node alike. */
const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

async function makeCa(dir: string, name: string): Promise<{ cert: string; key: string }> {
  const cert = path.join(dir, `${name}.crt`);
  const key = path.join(dir, `${name}.key`);
  await openssl(['req', '-x509', ...newKey, '-keyout', key, '-out', cert, '-days', '2', '-subj', `/CN=${name}`,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  return { cert, key };
}

export async function makeTestCertificates(serverName = 'localhost'): Promise<TestCertificates> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tls-test-'));
  const [ca, wrongCa] = await Promise.all([makeCa(dir, 'test-root-ca'), makeCa(dir, 'wrong-root-ca')]);
  const certFile = path.join(dir, 'server.crt');
  const keyFile = path.join(dir, 'server.key');
  const csr = path.join(dir, 'server.csr');
  const extensions = path.join(dir, 'server.ext');
  await openssl(['req', ...newKey, '-keyout', keyFile, '-out', csr, '-subj', `/CN=${serverName}`]);
  await writeFile(extensions, `subjectAltName=DNS:${serverName}\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n`);
  await openssl(['x509', '-req', '-in', csr, '-CA', ca.cert, '-CAkey', ca.key, '-CAcreateserial', '-out', certFile, '-days', '2', '-extfile', extensions]);

  await chmod(dir, 0o755);
  await Promise.all([ca.cert, wrongCa.cert, certFile].map((file) => chmod(file, 0o644)));
  // PostgreSQL refuses a key others may read; run as root, it runs as `postgres`, who must own it.
  await chmod(keyFile, 0o600);
  if (process.getuid?.() === 0) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    await chown(keyFile, id('-u'), id('-g'));
  }
  return {
    dir,
    caFile: ca.cert,
    ca: await readFile(ca.cert, 'utf8'),
    wrongCaFile: wrongCa.cert,
    wrongCa: await readFile(wrongCa.cert, 'utf8'),
    certFile,
    keyFile,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
