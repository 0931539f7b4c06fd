import { describe, expect, it } from 'vitest';
import { MAINTENANCE_LIMITS, REQUEST_LIMITS, transactionLimitsStatement } from './limits';

describe('transactionLimitsStatement', () => {
  it('sets every timeout for the transaction only, in whole milliseconds', () => {
    expect(
      transactionLimitsStatement({ statementMs: 5_000, lockMs: 4_000, idleInTransactionMs: 10_000, stallMs: 7_000, connectSeconds: 5 }),
    ).toBe(
      'set local statement_timeout = 5000; set local lock_timeout = 4000; set local idle_in_transaction_session_timeout = 10000',
    );
  });

  it('refuses a limit that would switch a timeout off or is not a number of milliseconds', () => {
    expect(() => transactionLimitsStatement({ ...REQUEST_LIMITS, statementMs: 0 })).toThrow(/positive whole number/);
    expect(() => transactionLimitsStatement({ ...REQUEST_LIMITS, lockMs: 1.5 })).toThrow(/positive whole number/);
  });

  it('gives the server its own timeouts before the client gives up on a silent connection', () => {
    for (const limits of [REQUEST_LIMITS, MAINTENANCE_LIMITS]) {
      expect(limits.stallMs).toBeGreaterThan(limits.statementMs);
      expect(limits.lockMs).toBeLessThanOrEqual(limits.statementMs);
    }
  });
});
