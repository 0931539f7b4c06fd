import { describe, expect, it } from 'vitest';
import { RequestGate } from './request-gate';

/** A typed protocol message: type byte, int32 length (counting itself), body. */
function message(type: string, body = ''): Buffer {
  const payload = Buffer.from(body);
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(4 + payload.length, 1);
  return Buffer.concat([header, payload]);
}
function startup(): Buffer {
  const body = Buffer.from('user\0postgres\0\0');
  const header = Buffer.alloc(8);
  header.writeInt32BE(8 + body.length, 0);
  header.writeInt32BE(196608, 4);
  return Buffer.concat([header, body]);
}
const ready = (status = 'I') => message('Z', status);
/** An extended-protocol query as postgres.js sends one: Parse, Describe, Bind, Execute, Sync. */
const extendedQuery = (text: string) =>
  Buffer.concat([
    message('P', `\0${text}\0\0\0`),
    message('D', 'S\0'),
    message('B', '\0\0\0\0\0\0\0'),
    message('E', '\0\0\0\0\0'),
    message('S'),
  ]);
const types = (bytes: Buffer) => {
  const found: string[] = [];
  for (let at = 0; at < bytes.length; at += 1 + bytes.readInt32BE(at + 1)) found.push(String.fromCharCode(bytes[at]!));
  return found.join('');
};

function connected(followable?: string) {
  const gate = new RequestGate(followable);
  expect(gate.fromClient(startup())).toHaveLength(startup().length);
  expect(gate.fromServer(Buffer.concat([message('R', '\0\0\0\0'), message('S', 'a\0b\0'), ready()]))).toHaveLength(0);
  return gate;
}

describe('RequestGate', () => {
  it('passes the start-up message and the password exchange straight through', () => {
    const gate = new RequestGate();
    expect(gate.fromClient(startup()).equals(startup())).toBe(true);
    gate.fromServer(message('R', '\0\0\0\x05salt'));
    expect(types(gate.fromClient(message('p', 'md5...\0')))).toBe('p');
    expect(gate.awaitingReply).toBe(false);
  });

  it('holds a pipelined request until the one before it has its ReadyForQuery', () => {
    const gate = connected();
    expect(types(gate.fromClient(extendedQuery('select 1')))).toBe('PDBES');
    expect(gate.awaitingReply).toBe(true);
    // postgres.js pipelines BEGIN onto the busy connection: nothing of it may reach the server yet.
    expect(gate.fromClient(message('Q', 'begin\0'))).toHaveLength(0);
    expect(gate.fromClient(extendedQuery('select 2'))).toHaveLength(0);

    // The first answer, up to but not including its ReadyForQuery, releases nothing.
    expect(
      gate.fromServer(
        Buffer.concat([
          message('1'),
          message('2'),
          message('T', '\0\0'),
          message('D', '\0\0'),
          message('C', 'SELECT 1\0'),
        ]),
      ),
    ).toHaveLength(0);
    expect(types(gate.fromServer(ready('I')))).toBe('Q');
    expect(gate.awaitingReply).toBe(true);
    expect(types(gate.fromServer(Buffer.concat([message('C', 'BEGIN\0'), ready('T')])))).toBe('PDBES');
    expect(gate.fromServer(Buffer.concat([message('C', 'SELECT 1\0'), ready('T')]))).toHaveLength(0);
    expect(gate.awaitingReply).toBe(false);
  });

  it('lets a describe-first query finish its request: Bind/Execute/Sync follow Parse/Describe/Flush', () => {
    const gate = connected();
    expect(
      types(gate.fromClient(Buffer.concat([message('P', '\0select $1\0\0\0'), message('D', 'S\0'), message('H')]))),
    ).toBe('PDH');
    expect(gate.awaitingReply).toBe(false);
    gate.fromServer(Buffer.concat([message('1'), message('t', '\0\0'), message('T', '\0\0')]));
    expect(
      types(gate.fromClient(Buffer.concat([message('B', '\0\0'), message('E', '\0\0\0\0\0'), message('S')]))),
    ).toBe('BES');
    expect(gate.awaitingReply).toBe(true);
  });

  it('counts ReadyForQuery split across reads, and messages split across writes', () => {
    const gate = connected();
    const query = extendedQuery('select 3');
    expect(gate.fromClient(query.subarray(0, 7))).toHaveLength(0);
    expect(types(gate.fromClient(query.subarray(7)))).toBe('PDBES');
    expect(gate.fromClient(message('Q', 'commit\0'))).toHaveLength(0);
    const answer = Buffer.concat([message('C', 'SELECT 0\0'), ready('I')]);
    for (let at = 0; at < answer.length - 1; at++) expect(gate.fromServer(answer.subarray(at, at + 1))).toHaveLength(0);
    expect(types(gate.fromServer(answer.subarray(answer.length - 1)))).toBe('Q');
  });

  it('an error answer still ends the request: the next one goes at its ReadyForQuery', () => {
    const gate = connected();
    gate.fromClient(extendedQuery('select nope'));
    expect(gate.fromClient(extendedQuery('select 4'))).toHaveLength(0);
    expect(types(gate.fromServer(Buffer.concat([message('E', 'SERROR\0\0'), ready('I')])))).toBe('PDBES');
  });

  it('never holds Terminate back', () => {
    const gate = connected();
    gate.fromClient(extendedQuery('select pg_sleep(1)'));
    expect(types(gate.fromClient(message('X')))).toBe('X');
  });

  it('lets the next request follow the transaction\'s own SET LOCAL at once, inside a transaction only', () => {
    const limits = 'set local statement_timeout = 5000; set local lock_timeout = 4000';
    const gate = connected(limits);
    // Outside a transaction (idle), even that statement is followed only after its answer.
    expect(types(gate.fromClient(message('Q', `${limits}\0`)))).toBe('Q');
    expect(gate.fromClient(extendedQuery('select 1'))).toHaveLength(0);
    expect(types(gate.fromServer(Buffer.concat([message('C', 'SET\0'), message('C', 'SET\0'), ready('I')])))).toBe('PDBES');
    gate.fromServer(Buffer.concat([message('C', 'SELECT 1\0'), ready('I')]));

    // BEGIN, then the limits and the first query of the body together: both go.
    expect(types(gate.fromClient(message('Q', 'begin \0')))).toBe('Q');
    gate.fromServer(Buffer.concat([message('C', 'BEGIN\0'), ready('T')]));
    expect(types(gate.fromClient(Buffer.concat([message('Q', `${limits}\0`), extendedQuery('select 2')])))).toBe('QPDBES');
    // Anything after a request that is not the followable one waits for its answer again.
    expect(gate.fromClient(message('Q', 'commit\0'))).toHaveLength(0);
    expect(gate.fromServer(Buffer.concat([message('C', 'SET\0'), message('C', 'SET\0'), ready('T')]))).toHaveLength(0);
    expect(types(gate.fromServer(Buffer.concat([message('C', 'SELECT 1\0'), ready('T')])))).toBe('Q');
    expect(gate.fromServer(Buffer.concat([message('C', 'COMMIT\0'), ready('I')]))).toHaveLength(0);
    expect(gate.awaitingReply).toBe(false);
  });

  it('follows only the exact statement it was given', () => {
    const gate = connected('set local lock_timeout = 4000');
    gate.fromClient(message('Q', 'begin\0'));
    gate.fromServer(Buffer.concat([message('C', 'BEGIN\0'), ready('T')]));
    expect(types(gate.fromClient(message('Q', 'set local lock_timeout = 4000; commit\0')))).toBe('Q');
    expect(gate.fromClient(extendedQuery('select 3'))).toHaveLength(0);
  });
});
