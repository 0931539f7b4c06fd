import { beforeEach, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => ({
  success: vi.fn(() => 1),
  error: vi.fn(() => 2),
  warning: vi.fn(() => 3),
  info: vi.fn(() => 4),
  dismiss: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: sonner }));

const { islandToast } = await import('./sonner-toast');

describe('island toast helper (sonner)', () => {
  beforeEach(() => vi.clearAllMocks());

  it.each([
    ['success', 4000],
    ['error', 5000],
    ['warning', 4000],
    ['info', 4000],
  ] as const)('shows %s toasts for %i ms', (type, duration) => {
    islandToast[type]('Title', 'Details');
    expect(sonner[type]).toHaveBeenCalledWith('Title', { duration, description: 'Details' });
  });

  it('leaves the description out when there is no message', () => {
    islandToast.success('Added to cart');
    expect(sonner.success).toHaveBeenCalledWith('Added to cart', { duration: 4000 });
  });

  it('lets a caller override the duration', () => {
    islandToast.error('Card declined', undefined, { duration: 10_000 });
    expect(sonner.error).toHaveBeenCalledWith('Card declined', { duration: 10_000 });
  });
});
