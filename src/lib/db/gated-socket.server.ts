import net from 'node:net';
import { once } from 'node:events';
import { Duplex } from 'node:stream';
import tls from 'node:tls';
import { RequestGate } from './request-gate';
import { verificationOptions, type DatabaseTls } from './tls.server';

export interface GatedSocketOptions {
  host: string;
  port: number;
  /** A Unix socket path instead of host and port. */
  path?: string | undefined;
  tls: DatabaseTls;
  /** Give up on the connection when a request has had no byte of answer for this long. */
  stallMs: number;
  /** The simple query the next request may follow without waiting (see RequestGate). */
  followable?: string | undefined;
}

/** The database took a request and then sent nothing back for too long. */
export class DatabaseStalledError extends Error {
  readonly code = 'DATABASE_STALLED';
  constructor(stallMs: number) {
    super(`The database sent no answer for ${stallMs / 1000} s; the connection was closed.`);
  }
}

/**
 * The socket postgres.js talks through (its `socket` option): a plain TCP or TLS connection to
 * PostgreSQL or a pooler, with two rules the driver does not keep on its own.
 *
 * 1. One request in flight per connection (see RequestGate): safe behind a transaction pooler.
 * 2. A request with no byte of answer for `stallMs` closes the connection with
 *    DatabaseStalledError. A database that accepted the connection and stopped answering would
 *    otherwise hold the request, and the pool's connection, forever; closing it also makes the
 *    server (or pooler) roll back whatever that connection had open.
 *
 * TLS is negotiated here rather than by postgres.js, because the gate must read the protocol in
 * clear; postgres.js is given `ssl: false` and sees a plain stream.
 */
export class GatedSocket extends Duplex {
  private readonly gate: RequestGate;
  private transport: net.Socket | null = null;
  private raw: net.Socket | null = null;
  private waiting: Buffer[] = [];
  private stallTimer: NodeJS.Timeout | null = null;
  private keepAlive: [boolean, number] | null = null;
  private state: 'opening' | 'open' | 'closed' = 'opening';

  constructor(private readonly options: GatedSocketOptions) {
    super({ allowHalfOpen: false });
    this.gate = new RequestGate(options.followable);
    this.open().catch((error: unknown) => this.destroy(error as Error));
  }

  /** Read by postgres.js before it ends a connection. */
  get readyState(): 'opening' | 'open' | 'closed' {
    return this.state;
  }

  setKeepAlive(enable: boolean, initialDelay: number): this {
    this.keepAlive = [enable, initialDelay];
    this.raw?.setKeepAlive(enable, initialDelay);
    return this;
  }

  private async open(): Promise<void> {
    const { host, port, path } = this.options;
    const raw = path ? net.connect(path) : net.connect(port, host);
    this.raw = raw;
    raw.setNoDelay(true);
    raw.on('error', (error) => this.destroy(error));
    if (this.keepAlive) raw.setKeepAlive(...this.keepAlive);
    await once(raw, 'connect');
    const transport = this.options.tls.mode === 'disable' ? raw : await negotiateTls(raw, this.options.tls, host);
    if (this.destroyed) {
      transport.destroy();
      return;
    }
    this.transport = transport;
    this.state = 'open';
    transport.on('data', (chunk: Buffer) => this.fromServer(chunk));
    transport.on('error', (error) => this.destroy(error));
    transport.on('end', () => this.push(null));
    transport.on('close', () => this.destroy());
    const waiting = Buffer.concat(this.waiting);
    this.waiting = [];
    this.toServer(waiting);
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.toServer(this.gate.fromClient(chunk));
    callback();
  }

  override _read(): void {
    // Server bytes are pushed as they arrive; postgres.js always reads in flowing mode.
  }

  override _final(callback: (error?: Error | null) => void): void {
    // Ending (after Terminate): no answer is owed.
    this.stopStallTimer();
    this.transport?.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.stopStallTimer();
    const wasOpening = this.state === 'opening';
    this.state = 'closed';
    this.raw?.destroy();
    this.transport?.destroy();
    // postgres.js writes its start-up message through setImmediate as soon as it has this socket
    // (a plain net.Socket would wait for 'connect'), and on 'close' it cancels that write without
    // forgetting it, after which it never writes on that connection again: the next connect
    // attempt would time out. A connection refused at once is announced one turn later, after
    // that write (which lands on this closed socket and is dropped).
    if (wasOpening) setImmediate(() => callback(error));
    else callback(error);
  }

  private toServer(bytes: Buffer): void {
    if (bytes.length === 0) return;
    if (!this.transport) {
      this.waiting.push(bytes);
      return;
    }
    this.transport.write(bytes);
    this.stallTimer ??= this.startStallTimer();
  }

  private fromServer(chunk: Buffer): void {
    this.push(chunk);
    const released = this.gate.fromServer(chunk);
    // Any byte is progress; the clock stops only when nothing more is owed.
    this.stopStallTimer();
    if (this.gate.awaitingReply) this.stallTimer = this.startStallTimer();
    this.toServer(released);
  }

  private startStallTimer(): NodeJS.Timeout {
    const timer = setTimeout(() => this.destroy(new DatabaseStalledError(this.options.stallMs)), this.options.stallMs);
    // A stall timer alone must not keep a script (a CLI command, a test) alive.
    timer.unref();
    return timer;
  }

  private stopStallTimer(): void {
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.stallTimer = null;
  }
}

const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);

/**
 * PostgreSQL's SSLRequest, then TLS on the same socket when the server agrees ('S'). postgres.js
 * is given `ssl: false`, so it never sends an SSLRequest of its own: its start-up message waits in
 * the socket's queue until this handshake is done and then goes out encrypted.
 */
async function negotiateTls(raw: net.Socket, settings: DatabaseTls, host: string): Promise<net.Socket> {
  raw.write(SSL_REQUEST);
  const [answer] = (await once(raw, 'data')) as [Buffer];
  if (answer[0] !== 0x53) {
    if (settings.mode === 'prefer') return raw;
    throw Object.assign(new Error('The database does not accept TLS, but DATABASE_URL asks for it (sslmode).'), {
      code: 'ECONNREFUSED',
    });
  }
  // Bytes after the 'S' came before any encryption, from whoever is on the path (CVE-2021-23222).
  if (answer.length > 1) throw Object.assign(new Error('The database sent unencrypted data after agreeing to TLS.'), { code: 'EPROTO' });
  const secure = tls.connect({
    socket: raw,
    // The name checked against the certificate (verify-full): the URL's host, also when it is an IP address.
    host,
    // SNI carries names only (RFC 6066).
    servername: net.isIP(host) ? undefined : host,
    ...verificationOptions(settings),
  });
  await once(secure, 'secureConnect');
  return secure;
}
