import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { GatedSocket } from './gated-socket.server';

/** A loopback "server" that records what arrives and answers only when told to. */
async function fakeServer() {
  const received: Buffer[] = [];
  let peer: net.Socket | undefined;
  const server = net.createServer();
  const connected = new Promise<net.Socket>((resolve) => {
    server.on('connection', (socket) => {
      peer = socket;
      socket.on('data', (chunk) => received.push(chunk));
      socket.on('error', () => {});
      resolve(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ server, peer: () => peer });
  return { port: (server.address() as net.AddressInfo).port, connected, received: () => Buffer.concat(received) };
}
const servers: { server: net.Server; peer: () => net.Socket | undefined }[] = [];
const sockets: GatedSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const { server, peer } of servers.splice(0)) {
    peer()?.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
});

function message(type: string, body = ''): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(4 + Buffer.byteLength(body), 1);
  return Buffer.concat([header, Buffer.from(body)]);
}
const startup = Buffer.from([0, 0, 0, 8, 0, 3, 0, 0]);
const ready = message('Z', 'I');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function open(port: number, stallMs: number) {
  const socket = new GatedSocket({ host: '127.0.0.1', port, tls: { mode: 'disable', ca: undefined }, stallMs });
  sockets.push(socket);
  const failure = new Promise<Error>((resolve) => socket.on('error', resolve));
  return { socket, failure };
}

describe('GatedSocket', () => {
  it('closes a connection whose request gets no answer, with DATABASE_STALLED, after the stall limit', async () => {
    const server = await fakeServer();
    const { socket, failure } = open(server.port, 200);
    const started = Date.now();
    socket.write(startup);
    const error = await failure;
    expect(error).toMatchObject({ code: 'DATABASE_STALLED' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('keeps an idle connection that owes nothing, and a slow answer that keeps coming', async () => {
    const server = await fakeServer();
    const { socket, failure } = open(server.port, 200);
    let failed = false;
    void failure.then(() => (failed = true));
    socket.write(startup);
    const peer = await server.connected;
    peer.write(ready);
    await sleep(500);
    expect(failed).toBe(false);

    socket.write(message('Q', 'select pg_sleep(1)\0'));
    for (let i = 0; i < 5; i++) {
      await sleep(100);
      peer.write(message('N', 'still working\0'));
    }
    peer.write(ready);
    await sleep(300);
    expect(failed).toBe(false);
    expect(socket.destroyed).toBe(false);
  });

  it('sends a pipelined request only after the answer to the one before it', async () => {
    const server = await fakeServer();
    const { socket } = open(server.port, 5_000);
    socket.write(startup);
    const peer = await server.connected;
    peer.write(ready);
    await sleep(50);
    socket.write(message('Q', 'select 1\0'));
    socket.write(message('Q', 'begin\0'));
    await sleep(100);
    expect(server.received().toString('latin1')).toContain('select 1');
    expect(server.received().toString('latin1')).not.toContain('begin');
    peer.write(Buffer.concat([message('C', 'SELECT 1\0'), ready]));
    await sleep(100);
    expect(server.received().toString('latin1')).toContain('begin');
  });
});

describe('GatedSocket with TLS', () => {
  it('refuses bytes a server (or anyone on the path) sends in clear after agreeing to TLS', async () => {
    const server = await fakeServer();
    const socket = new GatedSocket({ host: '127.0.0.1', port: server.port, tls: { mode: 'require', ca: undefined }, stallMs: 5_000 });
    sockets.push(socket);
    const failure = new Promise<Error>((resolve) => socket.on('error', resolve));
    socket.write(startup);
    const peer = await server.connected;
    await sleep(50);
    // The SSLRequest went first; the start-up message waits for the handshake.
    expect(server.received()).toEqual(Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]));
    peer.write(Buffer.concat([Buffer.from('S'), ready]));
    expect(await failure).toMatchObject({ code: 'EPROTO' });
    expect(server.received().length).toBe(8);
  });
});
