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
 * Pure bookkeeping: bytes in, the bytes that may go on now out; the socket lives elsewhere.
 */
export class RequestGate {
  private clientBytes: Buffer = Buffer.alloc(0);
  private startupSent = false;
  private readonly held: Buffer[] = [];
  /** Requests sent whose ReadyForQuery has not come back yet: 0 or 1 once the gate is in front. */
  private unanswered = 0;

  private serverHeader: Buffer = Buffer.alloc(0);
  private serverBodyLeft = 0;
  private inReadyForQuery = false;

  /** Whether the server owes this connection an answer to a request. */
  get awaitingReply(): boolean {
    return this.unanswered > 0;
  }

  /** Bytes the client wrote: returns those that may go to the server now, in order. */
  fromClient(chunk: Buffer): Buffer {
    this.clientBytes = this.clientBytes.length ? Buffer.concat([this.clientBytes, chunk]) : chunk;
    const now: Buffer[] = [];
    for (let message = this.nextClientMessage(); message; message = this.nextClientMessage()) {
      if (passesAlways(message) || (this.unanswered === 0 && this.held.length === 0)) {
        now.push(message);
        if (endsRequest(message)) this.unanswered++;
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
    if (this.inReadyForQuery && this.unanswered > 0) this.unanswered--;
    this.inReadyForQuery = false;
  }

  private release(): Buffer {
    const now: Buffer[] = [];
    while (this.unanswered === 0 && this.held.length > 0) {
      const message = this.held.shift()!;
      now.push(message);
      if (endsRequest(message)) this.unanswered++;
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

function endsRequest(message: Buffer): boolean {
  return message[0] === SYNC || message[0] === QUERY;
}

function passesAlways(message: Buffer): boolean {
  return UNGATED.has(message[0]!);
}
