import { EventEmitter, once } from 'node:events';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GatedSocket } from './gated-socket.server';

/** A loopback "server" that records what arrives and answers only when told to. */
async function fakeServer() {
  const received: Buffer[] = [];
  const arrivals = new EventEmitter();
  let peer: net.Socket | undefined;
  const server = net.createServer();
  const connected = new Promise<net.Socket>((resolve) => {
    server.on('connection', (socket) => {
      peer = socket;
      socket.on('data', (chunk) => {
        received.push(chunk);
        arrivals.emit('data');
      });
      socket.on('error', () => {});
      resolve(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ server, peer: () => peer });
  const receivedBytes = () => Buffer.concat(received);
  /** Until the bytes received so far hold `bytes` (by arrivals, not by polling: a poll would move a faked clock). */
  const untilReceived = async (bytes: Buffer) => {
    while (!receivedBytes().includes(bytes)) await once(arrivals, 'data');
  };
  return { port: (server.address() as net.AddressInfo).port, connected, received: receivedBytes, untilReceived };
}
const servers: { server: net.Server; peer: () => net.Socket | undefined }[] = [];
const sockets: GatedSocket[] = [];
afterEach(async () => {
  vi.useRealTimers();
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
/**
 * The stall limit is a clock under test: the socket's timers are faked and moved on by the test, so a
 * busy machine cannot make a slow answer look stalled (or the reverse). Sockets stay real.
 */
const fakeTheStallClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

function open(port: number, stallMs: number) {
  const socket = new GatedSocket({ host: '127.0.0.1', port, tls: { mode: 'disable', ca: undefined }, stallMs });
  sockets.push(socket);
  const failure = new Promise<Error>((resolve) => socket.on('error', resolve));
  return { socket, failure };
}

describe('GatedSocket', () => {
  it('closes a connection whose request gets no answer, with DATABASE_STALLED, after the stall limit', async () => {
    fakeTheStallClock();
    const server = await fakeServer();
    const { socket, failure } = open(server.port, 200);
    socket.write(startup);
    await server.untilReceived(startup);
    vi.advanceTimersByTime(199);
    expect(socket.destroyed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await failure).toMatchObject({ code: 'DATABASE_STALLED' });
  });

  it('keeps an idle connection that owes nothing, and a slow answer that keeps coming', async () => {
    fakeTheStallClock();
    const server = await fakeServer();
    const { socket } = open(server.port, 200);
    // Flowing, as postgres.js reads it; each answer is awaited before the clock moves on.
    const answered = () => once(socket, 'data');
    socket.write(startup);
    const peer = await server.connected;
    peer.write(ready);
    await answered();
    vi.advanceTimersByTime(500);
    expect(socket.destroyed).toBe(false);

    socket.write(message('Q', 'select pg_sleep(1)\0'));
    await server.untilReceived(Buffer.from('pg_sleep'));
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(150);
      peer.write(message('N', 'still working\0'));
      await answered();
    }
    peer.write(ready);
    await answered();
    vi.advanceTimersByTime(500);
    expect(socket.destroyed).toBe(false);
  });

  it('sends a pipelined request only after the answer to the one before it', async () => {
    const server = await fakeServer();
    const { socket } = open(server.port, 5_000);
    socket.write(startup);
    const peer = await server.connected;
    peer.write(ready);
    await once(socket, 'data');
    socket.write(message('Q', 'select 1\0'));
    socket.write(message('Q', 'begin\0'));
    await server.untilReceived(Buffer.from('select 1'));
    expect(server.received().toString('latin1')).not.toContain('begin');
    peer.write(Buffer.concat([message('C', 'SELECT 1\0'), ready]));
    await server.untilReceived(Buffer.from('begin'));
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
    // The SSLRequest went first; the start-up message waits for the handshake.
    const sslRequest = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);
    await server.untilReceived(sslRequest);
    expect(server.received()).toEqual(sslRequest);
    peer.write(Buffer.concat([Buffer.from('S'), ready]));
    expect(await failure).toMatchObject({ code: 'EPROTO' });
    expect(server.received().length).toBe(8);
  });
});
