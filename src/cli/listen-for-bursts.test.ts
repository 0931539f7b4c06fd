import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenForBursts } from './listen-for-bursts';
import { freePort } from './ports';

const BURST = 25;

/**
 * Opens BURST connections to `port` from another process while this one's event loop is blocked, so
 * that they wait in the kernel's accept queues; then counts the turns of this event loop in which
 * `server` was given any of them, until it has all. (Turns that accept nothing are not counted: a
 * connection the kernel queues a moment late on a busy machine adds one turn, not the empty ones
 * before it.)
 */
async function turnsToAcceptBurst(server: net.Server, port: number): Promise<number> {
  let accepted = 0;
  let turn = 0;
  const turnsThatAccepted = new Set<number>();
  server.on('connection', (socket) => {
    socket.on('error', () => {});
    socket.destroy();
    accepted++;
    turnsThatAccepted.add(turn);
  });
  const connectAll = `
    let connected = 0;
    for (let i = 0; i < ${BURST}; i++) require('node:net').connect(${port}, '127.0.0.1', () => ++connected === ${BURST} && process.exit(0));`;
  execFileSync(process.execPath, ['-e', connectAll], { timeout: 20_000 });
  await new Promise<void>((resolve) => {
    const next = () => (accepted === BURST ? resolve() : (turn++, setImmediate(next)));
    setImmediate(next);
  });
  return turnsThatAccepted.size;
}

describe.runIf(process.platform === 'linux')('listenForBursts', () => {
  it('takes a burst of new connections in a few turns of the event loop', async () => {
    const port = await freePort();
    const server = net.createServer();
    const listeners = await listenForBursts(server, port);
    try {
      // Spread over 16 sockets: as many turns as the busiest socket has connections (5 or fewer, nearly always).
      expect(await turnsToAcceptBurst(server, port)).toBeLessThanOrEqual(10);
    } finally {
      await Promise.all(listeners.map((listener) => new Promise((resolve) => listener.close(resolve))));
    }
  });

  it('where one listening socket takes one connection a turn (why it opens several)', async () => {
    const port = await freePort();
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(port, resolve));
    try {
      expect(await turnsToAcceptBurst(server, port)).toBeGreaterThanOrEqual(BURST - 1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a port another program listens on', async () => {
    const port = await freePort();
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(port, resolve));
    try {
      await expect(listenForBursts(net.createServer(), port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
