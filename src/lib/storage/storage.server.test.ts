import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../http/errors';
import { FILE_STORAGE_UNAVAILABLE, fileStorage, useFileStorage } from './storage.server';

const unavailable = { code: 'unavailable', status: 503, message: FILE_STORAGE_UNAVAILABLE };

afterEach(() => {
  useFileStorage(undefined);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a file store that fails', () => {
  it('answers 503 with one clear message, whatever the store threw', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    useFileStorage({ put: () => Promise.reject(new Error('fetch failed')), get: () => Promise.reject(new TypeError('socket hang up')), list: () => Promise.resolve([]) });
    await expect(fileStorage().put('waivers/PF-ABCDEF/a.pdf', new Uint8Array([1]), 'application/pdf')).rejects.toMatchObject(unavailable);
    await expect(fileStorage().get('waivers/PF-ABCDEF/a.pdf')).rejects.toBeInstanceOf(AppError);
  });

  it('answers 503 within its deadline when the store never answers (Blobs retries for half a minute)', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    useFileStorage({ put: () => new Promise(() => {}), get: () => new Promise(() => {}), list: () => Promise.resolve([]) });
    const put = fileStorage().put('waivers/PF-ABCDEF/a.pdf', new Uint8Array([1]), 'application/pdf');
    const settled = expect(put).rejects.toMatchObject(unavailable);
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
  });

  it('keeps a bad path a programming error, not an outage', async () => {
    useFileStorage({ put: () => Promise.resolve(), get: () => Promise.resolve(null), list: () => Promise.resolve([]) });
    await expect(fileStorage().get('../etc/passwd')).rejects.not.toBeInstanceOf(AppError);
  });
});
