import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Fetching a file from an address staff typed (a photo URL in a catalog import) without letting that
 * address reach the server's own network (SSRF): the database, the cloud's metadata service, a
 * router's admin page.
 *
 * - http and https only, on their standard ports.
 * - The host is resolved once; every address it resolves to must be public (not loopback, private,
 *   link-local, unique-local, CGNAT, multicast, documentation or reserved; IPv4-mapped and NAT64
 *   IPv6 are judged by the IPv4 inside). The connection goes to that checked address (the socket's
 *   lookup is pinned to it), so a DNS answer that changes between the check and the connect
 *   (rebinding) changes nothing. TLS still verifies the certificate for the host name.
 * - At most 3 redirects, each checked like the first address.
 * - A deadline for the whole fetch, a size limit enforced while streaming (a Content-Length over it
 *   is refused before reading), and the Content-Type must be one of those accepted.
 *
 * Tests run a local server, which is exactly the kind of address refused: `allowLoopback` lets
 * 127.0.0.1 and ::1 through (and any port) for them, as an explicit argument, never from the environment.
 */

export interface PublicFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  /** Media types accepted (the Content-Type without parameters). */
  accept: readonly string[];
  maxRedirects?: number;
  /** Tests only: the local test server is loopback. */
  allowLoopback?: boolean;
  /** Tests only: resolve host names here instead of the system resolver. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export interface PublicFile {
  bytes: Uint8Array;
  contentType: string;
  /** The address the file came from, after redirects. */
  url: string;
}

/** Why a fetch was refused, in words for the cell of the import preview. */
export class PublicFetchError extends Error {
  override name = 'PublicFetchError';
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4: an IPv4 address inside, possibly a private one
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const match = /^(?:::ffff:(?:0:)?|64:ff9b::)(.+)$/.exec(lower);
  if (!match) return null;
  const rest = match[1]!;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(rest);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is on the public internet (and so may be fetched from). */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !blocked.check(address, 'ipv4');
  if (version !== 6) return false;
  const inner = embeddedIpv4(address);
  if (inner !== null) return isPublicAddress(inner);
  return !blocked.check(address, 'ipv6');
}

const isLoopback = (address: string) => address === '::1' || (isIP(address) === 4 && address.startsWith('127.')) || embeddedIpv4(address)?.startsWith('127.') === true;

async function checkedAddress(url: URL, options: PublicFetchOptions): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new PublicFetchError('Only http:// and https:// addresses are fetched.');
  if (url.username || url.password) throw new PublicFetchError('Addresses with a user name or password are not fetched.');
  if (url.port && !options.allowLoopback) throw new PublicFetchError('Only addresses on the standard ports (80 and 443) are fetched.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? ((h) => dnsLookup(h, { all: true, verbatim: true })))(host);
    } catch {
      throw new PublicFetchError(`The host ${host} was not found.`);
    }
  }
  if (addresses.length === 0) throw new PublicFetchError(`The host ${host} was not found.`);
  // Every address must be public: a name answering with one public and one private address is refused.
  for (const { address } of addresses) {
    if (!isPublicAddress(address) && !(options.allowLoopback && isLoopback(address))) {
      throw new PublicFetchError('That address is on a private network; only public addresses are fetched.');
    }
  }
  return addresses[0]!;
}

const pinnedLookup =
  (address: string, family: number): LookupFunction =>
  (_hostname, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

interface OneResponse {
  status: number;
  location: string | null;
  contentType: string;
  bytes: Uint8Array | null;
}

function requestOnce(url: URL, pinned: { address: string; family: number }, options: PublicFetchOptions, signal: AbortSignal): Promise<OneResponse> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup: pinnedLookup(pinned.address, pinned.family),
        headers: { accept: options.accept.join(', '), 'user-agent': 'catalog-import/1 (photo fetch)' },
        signal,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location ?? null, contentType, bytes: null });
          return;
        }
        if (status !== 200) {
          res.resume();
          reject(new PublicFetchError(`The address answered ${status} instead of the file.`));
          return;
        }
        if (!options.accept.includes(contentType)) {
          res.destroy();
          reject(new PublicFetchError(`The address sent ${contentType || 'a file of no stated type'}, not a JPEG, PNG or WebP image.`));
          return;
        }
        const tooLarge = () => new PublicFetchError(`The file is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB.`);
        if (Number(res.headers['content-length'] ?? '0') > options.maxBytes) {
          res.destroy();
          reject(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > options.maxBytes) {
            res.destroy();
            reject(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, location: null, contentType, bytes: new Uint8Array(Buffer.concat(chunks)) }));
        res.on('error', reject);
      },
    );
    req.on('error', (error) => reject(signal.aborted ? new PublicFetchError('The address took too long to answer.') : error instanceof PublicFetchError ? error : new PublicFetchError('The address could not be reached.')));
    req.end();
  });
}

/** Fetches a file from a public address within the limits; a PublicFetchError says why not. */
export async function fetchPublicFile(address: string, options: PublicFetchOptions): Promise<PublicFile> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new PublicFetchError('That is not a web address.');
  }
  const signal = AbortSignal.timeout(options.timeoutMs);
  const maxRedirects = options.maxRedirects ?? 3;
  for (let hop = 0; ; hop++) {
    const pinned = await checkedAddress(url, options);
    if (signal.aborted) throw new PublicFetchError('The address took too long to answer.');
    const response = await requestOnce(url, pinned, options, signal);
    if (response.bytes) return { bytes: response.bytes, contentType: response.contentType, url: url.href };
    if (!response.location) throw new PublicFetchError(`The address answered ${response.status} without saying where to go.`);
    if (hop >= maxRedirects) throw new PublicFetchError(`The address redirected more than ${maxRedirects} times.`);
    try {
      url = new URL(response.location, url);
    } catch {
      throw new PublicFetchError('The address redirected to something that is not a web address.');
    }
  }
}
