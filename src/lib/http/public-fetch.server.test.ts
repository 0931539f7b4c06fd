import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublicFile, isPublicAddress, type PublicFetchOptions } from './public-fetch.server';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    'ff02::1',
    'not an ip',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])('accepts %s', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('fetchPublicFile', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const routes: Record<string, () => void> = {
        '/photo.png': () => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(100, 1)),
        '/page': () => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'),
        '/big.png': () => res.writeHead(200, { 'content-type': 'image/png', 'content-length': '5000' }).end(Buffer.alloc(5000)),
        // No Content-Length: the limit must hold while streaming.
        '/chunked.png': () => {
          res.writeHead(200, { 'content-type': 'image/png' });
          res.write(Buffer.alloc(600));
          res.end(Buffer.alloc(600));
        },
        '/to-photo': () => res.writeHead(302, { location: '/photo.png' }).end(),
        '/to-metadata': () => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
        '/loop': () => res.writeHead(302, { location: '/loop' }).end(),
        // Never answers: only the fetch's own deadline can end the request.
        '/silent.png': () => {},
      };
      (routes[req.url ?? ''] ?? (() => res.writeHead(404).end()))();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );

  const options = (extra: Partial<PublicFetchOptions> = {}): PublicFetchOptions => ({ maxBytes: 1000, timeoutMs: 1000, accept: ['image/png'], allowLoopback: true, ...extra });

  it('refuses the server’s own network unless the test says so', async () => {
    await expect(fetchPublicFile(`${base}/photo.png`, options({ allowLoopback: false }))).rejects.toThrow(/standard ports|private network/);
    await expect(fetchPublicFile('http://127.0.0.1/photo.png', options({ allowLoopback: false }))).rejects.toThrow(/private network/);
    await expect(fetchPublicFile('http://[::1]/photo.png', options({ allowLoopback: false }))).rejects.toThrow(/private network/);
    const file = await fetchPublicFile(`${base}/photo.png`, options());
    expect(file).toMatchObject({ contentType: 'image/png', url: `${base}/photo.png` });
    expect(file.bytes.byteLength).toBe(100);
  });

  it('refuses a host name that resolves to a private address, and connects to the address it checked', async () => {
    const resolveTo = (address: string) => async () => [{ address, family: 4 }];
    await expect(fetchPublicFile('http://photos.example/photo.png', options({ allowLoopback: false, resolve: resolveTo('10.0.0.5') }))).rejects.toThrow(/private network/);
    await expect(
      fetchPublicFile('http://photos.example/photo.png', options({ allowLoopback: false, resolve: async () => [{ address: '8.8.8.8', family: 4 }, { address: '192.168.0.1', family: 4 }] })),
    ).rejects.toThrow(/private network/);
    // The host name resolves (once) to the test server, and the request goes there: no second lookup.
    const port = new URL(base).port;
    const file = await fetchPublicFile(`http://photos.example:${port}/photo.png`, options({ resolve: resolveTo('127.0.0.1') }));
    expect(file.bytes.byteLength).toBe(100);
  });

  it('refuses other schemes, credentials, wrong types, oversize files and redirects to private addresses', async () => {
    await expect(fetchPublicFile('ftp://example.com/a.png', options())).rejects.toThrow(/Only http/);
    await expect(fetchPublicFile('file:///etc/passwd', options())).rejects.toThrow(/Only http/);
    await expect(fetchPublicFile('http://user:pw@example.com/a.png', options())).rejects.toThrow(/user name/);
    await expect(fetchPublicFile(`${base}/page`, options())).rejects.toThrow(/text\/html, not a JPEG/);
    await expect(fetchPublicFile(`${base}/big.png`, options())).rejects.toThrow(/larger than/);
    await expect(fetchPublicFile(`${base}/chunked.png`, options())).rejects.toThrow(/larger than/);
    await expect(fetchPublicFile(`${base}/missing.png`, options())).rejects.toThrow(/answered 404/);
    await expect(fetchPublicFile(`${base}/to-metadata`, options())).rejects.toThrow(/private network/);
    await expect(fetchPublicFile(`${base}/loop`, options())).rejects.toThrow(/redirected more than 3 times/);
    expect((await fetchPublicFile(`${base}/to-photo`, options())).url).toBe(`${base}/photo.png`);
  });

  it('gives up after its deadline', async () => {
    await expect(fetchPublicFile(`${base}/silent.png`, options({ timeoutMs: 300 }))).rejects.toThrow(/too long/);
  });
});
