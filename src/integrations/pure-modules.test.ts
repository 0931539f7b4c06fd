import { describe, expect, it } from 'vitest';
import { hasSideEffects } from './pure-modules';

describe('which modules the browser build may leave out when unused', () => {
  it('leaves out pure modules of src/lib, and keeps everything else', () => {
    expect(hasSideEffects('/site/src/lib/time/event-window.ts')).toBe(false);
    expect(hasSideEffects('/site/src/lib/time/index.ts')).toBe(false);
    expect(hasSideEffects('C:\\site\\src\\lib\\pricing\\price-labels.ts')).toBe(false);
    expect(hasSideEffects('/site/src/lib/booking/track-order.server.ts')).toBe(true);
    expect(hasSideEffects('/site/src/islands/cart/cart-store.ts')).toBe(true);
    expect(hasSideEffects('/site/src/scripts/page-events.ts')).toBe(true);
    expect(hasSideEffects('/site/node_modules/zod/index.js')).toBe(true);
    expect(hasSideEffects('/site/src/lib/availability/calendar.css')).toBe(true);
  });

  it('always keeps the zod set-up the Content-Security-Policy needs', () => {
    expect(hasSideEffects('/site/src/lib/validation/zod.ts')).toBe(true);
    expect(hasSideEffects('/site/src/lib/validation/index.ts')).toBe(false);
  });
});
