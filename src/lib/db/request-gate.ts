/**
 * One connection's PostgreSQL wire protocol (v3), read just far enough to keep a single request
 * in flight. A request is what a client sends up to and including a Sync ('S') or a simple Query
 * ('Q'); the server answers each with exactly one ReadyForQuery ('Z').
 *
 * Why: a transaction-mode pooler (PgBouncer, Supabase's port 6543) lends a server connection to a
 * client for one transaction and takes it back at the ReadyForQuery that says "idle". A request the
 * client pipelined behind that one has already gone to the same server, whose answers then arrive
 * for nobody ("got packet '1' from server when not linked"); PgBouncer drops the server as dirty
 * and the client waits forever. postgres.js pipelines whenever all its connections are busy (BEGIN
 * included, whatever `max_pipeline` says), so the gate holds every later request back until the
 * earlier one's ReadyForQuery has come in, and only then lets it go.
 *
 * One exception, `followable`: the text of a simple query that the next request may follow at once,
 * inside a transaction block (the last ReadyForQuery said 'T'). The site's is each transaction's own
 * `SET LOCAL` timeouts, sent right after BEGIN: it cannot end the transaction, so the pooler keeps the
 * server linked and the next request goes to the same server; if it failed, the transaction is
 * aborted and the next request reports that. This saves every transaction a round trip.
 *
 * Pure bookkeeping: bytes in, the bytes that may go on now out; the socket lives elsewhere.
 */
export class RequestGate {
  private clientBytes: Buffer = Buffer.alloc(0);
  private startupSent = false;
  private readonly held: Buffer[] = [];
  /** Requests sent whose ReadyForQuery has not come back yet, oldest first: whether each is followable. */
  private readonly unanswered: boolean[] = [];
  /** The transaction status of the last ReadyForQuery: 'I' idle, 'T' in a transaction, 'E' failed one. */
  private status = 'I';
  private readonly followable: Buffer | null;

  private serverHeader: Buffer = Buffer.alloc(0);
  private serverBodyLeft = 0;
  private inReadyForQuery = false;

  constructor(followable?: string) {
    this.followable = followable ? simpleQuery(followable) : null;
  }

  /** Whether the server owes this connection an answer to a request. */
  get awaitingReply(): boolean {
    return this.unanswered.length > 0;
  }

  /** Nothing in flight, or only what the next request may follow. */
  private clear(): boolean {
    return this.unanswered.length === 0 || (this.status === 'T' && this.unanswered.every((followable) => followable));
  }

  private sent(message: Buffer): void {
    if (endsRequest(message)) this.unanswered.push(this.followable !== null && message.equals(this.followable));
  }

  /** Bytes the client wrote: returns those that may go to the server now, in order. */
  fromClient(chunk: Buffer): Buffer {
    this.clientBytes = this.clientBytes.length ? Buffer.concat([this.clientBytes, chunk]) : chunk;
    const now: Buffer[] = [];
    for (let message = this.nextClientMessage(); message; message = this.nextClientMessage()) {
      if (passesAlways(message) || (this.held.length === 0 && this.clear())) {
        now.push(message);
        this.sent(message);
      } else {
        this.held.push(message);
      }
    }
    return Buffer.concat(now);
  }

  /**
   * Bytes the server sent (passed on to the client unchanged by the caller): returns the held
   * client bytes that may go to the server now that an earlier request has been answered.
   */
  fromServer(chunk: Buffer): Buffer {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.serverBodyLeft > 0) {
        if (this.inReadyForQuery) this.status = String.fromCharCode(chunk[offset]!);
        const skip = Math.min(this.serverBodyLeft, chunk.length - offset);
        this.serverBodyLeft -= skip;
        offset += skip;
        if (this.serverBodyLeft === 0) this.messageEnded();
        continue;
      }
      const need = 5 - this.serverHeader.length;
      const take = chunk.subarray(offset, offset + need);
      this.serverHeader = this.serverHeader.length ? Buffer.concat([this.serverHeader, take]) : Buffer.from(take);
      offset += take.length;
      if (this.serverHeader.length < 5) break;
      this.inReadyForQuery = this.serverHeader[0] === READY_FOR_QUERY;
      this.serverBodyLeft = this.serverHeader.readInt32BE(1) - 4;
      this.serverHeader = Buffer.alloc(0);
      if (this.serverBodyLeft === 0) this.messageEnded();
    }
    return this.release();
  }

  /** A request counts as answered once its whole ReadyForQuery is in, as the pooler saw it. */
  private messageEnded(): void {
    // The ReadyForQuery that ends the start-up sequence answers no request of ours.
    if (this.inReadyForQuery) this.unanswered.shift();
    this.inReadyForQuery = false;
  }

  private release(): Buffer {
    const now: Buffer[] = [];
    while (this.held.length > 0 && this.clear()) {
      const message = this.held.shift()!;
      now.push(message);
      this.sent(message);
    }
    return Buffer.concat(now);
  }

  /** The next complete frontend message, or null until more bytes arrive. */
  private nextClientMessage(): Buffer | null {
    const bytes = this.clientBytes;
    // The start-up (or cancel) message has no type byte: just its length, then its body.
    const headerLength = this.startupSent ? 5 : 4;
    if (bytes.length < headerLength) return null;
    const length = this.startupSent ? 1 + bytes.readInt32BE(1) : bytes.readInt32BE(0);
    if (bytes.length < length) return null;
    this.startupSent = true;
    const message = bytes.subarray(0, length);
    this.clientBytes = bytes.subarray(length);
    return message;
  }
}

const READY_FOR_QUERY = 0x5a; // 'Z'
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
/** Terminate, and COPY's data, done and fail: sent while the server is busy with the request. */
const UNGATED = new Set([0x58, 0x64, 0x63, 0x66]); // 'X', 'd', 'c', 'f'

/** A simple Query message ('Q', length, the text, a zero byte). */
function simpleQuery(text: string): Buffer {
  const body = Buffer.from(`${text}\0`);
  const header = Buffer.alloc(5);
  header[0] = QUERY;
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
}

function endsRequest(message: Buffer): boolean {
  return message[0] === SYNC || message[0] === QUERY;
}

function passesAlways(message: Buffer): boolean {
  return UNGATED.has(message[0]!);
}
