import { describe, expect, it } from 'vitest';
import { businessClock } from '../../../../lib/time';
import type { QueueEntry } from './accounting-types';
import { syncItemTiming } from './sync-log-text';

const chicago = businessClock('America/Chicago', new Date('2027-01-09T16:00:00Z'));
const item = (over: Partial<QueueEntry>): QueueEntry => ({
  id: 'q1',
  kind: 'invoice',
  bookingNumber: 'B-1001',
  customerName: 'Dana Reyes',
  status: 'waiting',
  attempts: 0,
  lastError: null,
  qboType: null,
  qboId: null,
  createdAt: '2027-01-09T15:00:00Z',
  sentAt: null,
  nextAttemptAt: '2027-01-09T15:00:00Z',
  notBefore: null,
  ...over,
});

describe('syncItemTiming', () => {
  it('says how many attempts a failed item had, not only when it was queued', () => {
    expect(syncItemTiming(item({ status: 'failed', attempts: 10, lastError: 'Duplicate Name Exists Error' }), chicago)).toBe('Queued Jan 9, 2027, 9:00 AM · failed after 10 attempts');
    expect(syncItemTiming(item({ status: 'failed', attempts: 1 }), chicago)).toBe('Queued Jan 9, 2027, 9:00 AM · failed after 1 attempt');
  });

  it('says when a waiting item that was tried will be tried next, in the one date/time format', () => {
    const text = syncItemTiming(item({ attempts: 2, nextAttemptAt: '2027-01-09T15:20:00Z' }), chicago);
    expect(text).toBe('Queued Jan 9, 2027, 9:00 AM · 2 attempts, next try Jan 9, 2027, 9:20 AM');
    expect(text).not.toMatch(/2027-01|\(s\)/);
  });

  it('gives a held item’s date as its next try, and a fresh one only its queued time', () => {
    expect(syncItemTiming(item({ notBefore: '2027-01-16T06:00:00Z' }), chicago)).toBe('Queued Jan 9, 2027, 9:00 AM · not before Jan 16, 2027, 12:00 AM');
    expect(syncItemTiming(item({ attempts: 1, notBefore: '2027-01-16T06:00:00Z' }), chicago)).toBe('Queued Jan 9, 2027, 9:00 AM · 1 attempt, next try Jan 16, 2027, 12:00 AM');
    expect(syncItemTiming(item({}), chicago)).toBe('Queued Jan 9, 2027, 9:00 AM');
  });

  it('says when a sent item went and as what, and its attempts when it took more than one', () => {
    const sent = { status: 'sent' as const, sentAt: '2027-01-09T15:05:00Z', qboType: 'Invoice', qboId: '145' };
    expect(syncItemTiming(item({ ...sent, attempts: 1 }), chicago)).toBe('Sent Jan 9, 2027, 9:05 AM as Invoice 145');
    expect(syncItemTiming(item({ ...sent, attempts: 3 }), chicago)).toBe('Sent Jan 9, 2027, 9:05 AM as Invoice 145 · after 3 attempts');
  });
});
