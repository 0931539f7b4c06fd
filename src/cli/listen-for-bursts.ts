import net from 'node:net';

/** How many listening sockets a server process opens on its port where the system can share one (Linux). */
export const LISTENING_SOCKETS = 16;

/**
 * Serves `server` on `port` so that a burst of new connections is accepted in a turn or two of a
 * busy event loop, not one connection per turn.
 *
 * libuv accepts one connection per listening socket per turn of the event loop (libuv#3696, merged
 * in 2022; seen here on Node 20 and 22). A server process busy with bookings turns every 10-20 ms,
 * so 50 customers connecting at once (a burst of bookings: the bench opens 50 new connections for
 * each) waited in the kernel's accept queue up to 600-800 ms, while the first few, accepted at once,
 * were served three times over: the burst's p95 and p99 were that wait. The cluster's own sharing
 * (the primary accepts and hands each connection over) is no better: it hands a worker the next
 * connection only once the worker has taken the last one, again one per turn.
 *
 * So on Linux each process opens `sockets` listening sockets on the port with SO_REUSEPORT (the kernel
 * spreads new connections over every process's sockets) and passes each connection it accepts to the
 * one HTTP server. On other systems, one socket, shared through the cluster as Node does by default.
 * `npm start` checks the port is free before it starts its processes (isPortFree), so a second
 * `npm start` on the same port is refused, not given a share of the connections.
 */
export async function listenForBursts(server: net.Server, port: number, sockets = LISTENING_SOCKETS): Promise<net.Server[]> {
  if (process.platform !== 'linux') {
    await listen(server, { port });
    return [server];
  }
  const listeners = Array.from({ length: sockets }, () => net.createServer((connection) => server.emit('connection', connection)));
  await Promise.all(listeners.map((listener) => listen(listener, { port, exclusive: true, reusePort: true })));
  return listeners;
}

function listen(server: net.Server, options: net.ListenOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
