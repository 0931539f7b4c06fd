import { z } from './zod';

/** The most an amount staff type may be, in cents ($1,000,000): well inside the integer columns that hold it. */
export const MAX_CENTS = 100_000_000;

/** An amount staff type, in whole cents from zero up to MAX_CENTS (a fee, a minimum order). */
export const staffCents = z.number({ error: 'Enter an amount' }).int('Use whole cents').min(0, 'Cannot be negative').max(MAX_CENTS, 'That amount is too large');
