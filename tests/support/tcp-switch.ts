import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP pass-through in front of a server (PostgreSQL here) that a test can switch off and on, to
 * play an outage without stopping the real server: `down()` refuses new connections and cuts open
 * ones, `hang()` accepts connections but never answers (a database that stopped responding), `up()`
 * forwards again on the same port. `stall()` freezes the connections already open, mid-request
 * if one is under way, as a database that stopped answering (paused, or a network that drops
 * everything) would look to its clients, and treats new ones like `hang()`.
 */
export interface TcpSwitch {
  port: number;
  /** `url` with its host and port replaced by the switch's. */
  via(url: string): string;
  up(): Promise<void>;
  down(): Promise<void>;
  hang(): Promise<void>;
  stall(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpSwitch(target: { host: string; port: number }): Promise<TcpSwitch> {
  const sockets = new Set<Socket>();
  const links = new Set<{ client: Socket; upstream: Socket }>();
  let mode: 'up' | 'hang' = 'up';
  let server: Server | null = null;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        sockets.add(client);
        client.on('close', () => sockets.delete(client));
        client.on('error', () => client.destroy());
        if (mode === 'hang') return;
        const upstream = connect(target.port, target.host);
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        const link = { client, upstream };
        links.add(link);
        upstream.on('close', () => links.delete(link));
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const closing = server;
      server = null;
      closing.close(() => resolve());
      cutAll();
    });

  await listen();
  return {
    get port() {
      return port;
    },
    via: (url) => {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async up() {
      mode = 'up';
      cutAll();
      if (!server) await listen();
    },
    down: stopListening,
    async hang() {
      mode = 'hang';
      cutAll();
      if (!server) await listen();
    },
    async stall() {
      mode = 'hang';
      for (const { client, upstream } of links) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      if (!server) await listen();
    },
    close: stopListening,
  };
}
